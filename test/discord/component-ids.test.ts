import { describe, expect, it } from 'vitest';
import { componentId, isComponentId, parseComponentId, turnKey } from '../../src/discord/component-ids.ts';
import { isConfirmButton } from '../../src/discord/confirmation-book.ts';

describe('custom ids of the buttons and menus under posts (Discord: custom_id ≤ 100 characters)', () => {
  it('an id names its action and arguments, and reads back', () => {
    const id = componentId('tl', 3, 41);
    expect(id).toBe('cm:tl:3:41');
    expect(parseComponentId(id)).toEqual({ action: 'tl', args: ['3', '41'] });
  });

  it('ids of other buttons (Confirm/Cancel) and unknown actions are not ours', () => {
    expect(isComponentId('confirm:yes:0123456789ab:12')).toBe(false);
    expect(isComponentId('cm:zz:1')).toBe(false);
    expect(isConfirmButton(componentId('te', '2.1.toupc0'))).toBe(false);
  });

  it('UTD5.22 a balancing question button carries its question id; the older `explore:` ids read as the same action', () => {
    expect(componentId('xa', 412, 'mineral')).toBe('cm:xa:412:mineral');
    expect(parseComponentId('explore:412:mineral')).toEqual({ action: 'xa', args: ['412', 'mineral'] });
    expect(isComponentId('explore:412:keep')).toBe(true);
    // Only the answers the older buttons could carry.
    expect(isComponentId('explore:412:gold')).toBe(false);
    expect(isComponentId('explore:x:keep')).toBe(false);
  });

  it('an id over 100 characters is refused before Discord refuses the whole message', () => {
    expect(() => componentId('ru', 'ab12cd34ef56', 'x'.repeat(90))).toThrow(/over 100/);
  });

  it('UTD2.3 a turn is told apart by half-cycle, seat and start, even two turns started the same second', () => {
    const at = '2026-11-21T12:00:00.000Z';
    expect(turnKey(2, 1, at)).toBe('2.1.toupc0');
    expect(turnKey(2, 2, at)).not.toBe(turnKey(2, 1, at));
    expect(turnKey(3, 1, at)).not.toBe(turnKey(2, 1, at));
    expect(turnKey(2, 1, '2026-11-21T12:00:01.000Z')).not.toBe(turnKey(2, 1, at));
  });
});
