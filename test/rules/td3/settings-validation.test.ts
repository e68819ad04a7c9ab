import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  defaultSettings,
  parseSetting,
  SETTING_KEYS,
  settingsSchema,
  settingText,
} from '../../../src/rules/thunderdome/settings.ts';
import { upcastCampaignEvent, upcastState } from '../../../src/rules/thunderdome/upcast.ts';
import type { CampaignEvent } from '../../../src/rules/thunderdome/events.ts';
import { registeredGame, startedGame } from './harness.ts';

describe('requirements §3.3 a setting value is checked when the vote is proposed', () => {
  it('UTD1.11 deadline.ordersDays = 99999999999999999999 is refused at the proposal, naming the allowed range; nothing changes', () => {
    const g = startedGame();
    const e = g.refused(
      'p1',
      { type: 'vote-setting', key: 'deadline.ordersDays', value: '99999999999999999999' },
      'UTD1.11',
    );
    expect(e.code).toBe('setting/bad-value');
    expect(e.message).toContain('deadline.ordersDays');
    expect(e.hint).toBe('deadline.ordersDays must be a whole number from 1 to 120.');
    expect(g.state.votes).toEqual([]);
    // Every kind of value is checked: fractions, sets, time zones, compound values.
    for (const [key, value] of [
      ['deadline.ordersDays', '2.5'],
      ['deadline.ordersDays', '0'],
      ['cost.rounding', 'sometimes'],
      ['deadline.timezone', 'Mars/Olympus'],
      ['fleets.base', 'lots'],
      ['fleet.maxMc', '0.1'],
      ['siege.desperation', '100,50'],
      ['npe.rollRange', '3-1'],
      ['fleets.extraPrices', '1,2'],
      ['deadline.applyTo2Players', 'maybe'],
    ] as const)
      expect(g.refused('p1', { type: 'vote-setting', key, value }, 'UTD1.11').code).toBe('setting/bad-value');
  });

  it('UTD1.11 a value that contradicts another key as it will stand is refused (orders target after the deadline)', () => {
    const g = startedGame();
    const e = g.refused('p1', { type: 'vote-setting', key: 'deadline.ordersTargetDays', value: '8' }, 'UTD1.11');
    expect(e.code).toBe('setting/conflict');
    expect(e.message).toContain('later than the orders deadline (7 days)');
    expect(g.refused('p1', { type: 'vote-setting', key: 'npe.baselineMin', value: '700' }, 'UTD1.11').code).toBe(
      'setting/conflict',
    );
  });

  it('UTD1.11 a valid value opens the vote with the value in the form a vote writes it', () => {
    const g = startedGame();
    g.do('p1', { type: 'vote-setting', key: 'fleets.base', value: '4 + 2P' });
    expect(g.state.votes[0]!.payload).toEqual({
      kind: 'setting',
      key: 'fleets.base',
      value: { fixed: 4, perPlayer: 2 },
    });
    expect(g.state.votes[0]!.question).toBe('Change **fleets.base** from `3+P` to `4+2P`?');
  });

  it('UTD1.11 rng.provider is no setting: the bot always rolls (docs/rules-notes.md "Settings")', () => {
    const g = startedGame();
    expect(g.refused('p1', { type: 'vote-setting', key: 'rng.provider', value: 'external' }, 'UTD1.11').code).toBe(
      'setting/unknown',
    );
  });
});

describe('requirements §3.3 the settings at campaign creation and import', () => {
  it('UTD8.1 a new campaign stores every key of the catalogue, each within its range', () => {
    const g = registeredGame();
    expect(Object.keys(g.state.settings).sort()).toEqual([...SETTING_KEYS].sort());
    expect(settingsSchema.safeParse(g.state.settings).success).toBe(true);
    // Every default, written as a vote writes it, reads back as itself (a vote can restore any default).
    for (const k of SETTING_KEYS) {
      const text = settingText(k, DEFAULT_SETTINGS[k]) || 'none';
      expect(parseSetting(k, text), k).toEqual({ ok: true, value: DEFAULT_SETTINGS[k] });
    }
  });

  it('requirements §3.3 the whole set is checked: a key out of range or inconsistent keys fail', () => {
    expect(settingsSchema.safeParse({ ...defaultSettings(), 'deadline.ordersDays': 1e20 }).success).toBe(false);
    expect(settingsSchema.safeParse({ ...defaultSettings(), 'players.min': 9, 'players.max': 3 }).success).toBe(false);
  });

  it('upcast: a campaign created before a key existed reads it at its default, and drops rng.provider', () => {
    const old = { ...defaultSettings(), 'rng.provider': 'bot' } as Record<string, unknown>;
    delete old['fleets.base'];
    const created = {
      type: 'CampaignCreated',
      campaignId: 'c',
      name: 'Old',
      guildId: 'g',
      channelId: 'ch',
      createdBy: 'p1',
      settings: old,
      catalogVersion: 'v',
      seedCommitment: 'h',
    } as unknown as CampaignEvent;
    const up = upcastCampaignEvent(created) as Extract<CampaignEvent, { type: 'CampaignCreated' }>;
    expect(up.settings['fleets.base']).toEqual({ fixed: 3, perPlayer: 1 });
    expect('rng.provider' in up.settings).toBe(false);
    const g = registeredGame();
    const state = upcastState({ ...g.state, settings: old as never });
    expect(state.settings).toEqual(defaultSettings());
  });
});
