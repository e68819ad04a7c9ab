import { countOf, roleOf, validateFleet } from './fleet.ts';
import type { BigShipsOptions, FleetCheck, FleetCheckLine, FleetUnit } from './types.ts';
import { CIVILIAN_ROLES, FIXED_ROLES, SMALL_CRAFT_ROLES } from './types.ts';

/**
 * VBSF "Big Ships" (digest A.2.12): a ship's command rating is its SFB size class, and it commands
 * that many other ships, none physically larger than itself (numerically smaller size class; the
 * text's "larger size-class" means physically larger, per its examples, V33). Civilian ships and
 * fixed installations count half, rounded up, together. S8.33 (one heavy ship per fleet, consorts)
 * and S8.31 (carrier escorts) are ignored by this system.
 */
export const BIG_SHIPS_RULE = 'VBSF Big Ships';

export function checkBigShips(fleet: readonly FleetUnit[], options: BigShipsOptions): FleetCheck {
  const flagship = validateFleet(fleet, options.flagshipId);
  const problems: string[] = [];
  const warnings: string[] = [];
  const lines: FleetCheckLine[] = [{ id: flagship.id, className: flagship.className, cost: 0, note: 'flagship' }];

  const limit = flagship.sizeClass ?? 0;
  if (flagship.sizeClass === undefined)
    problems.push(
      `${BIG_SHIPS_RULE}: the flagship ${flagship.className} (${flagship.id}) has no size class, so its command rating is unknown.`,
    );

  let ships = 0;
  let halfCount = 0;
  for (const u of fleet) {
    if (u === flagship) continue;
    const role = roleOf(u);
    if (SMALL_CRAFT_ROLES.includes(role)) {
      // Fighters and PFs are attrition units, not ships under command.
      lines.push({ id: u.id, className: u.className, cost: 0, note: 'attrition unit' });
      continue;
    }
    const half = CIVILIAN_ROLES.includes(role) || FIXED_ROLES.includes(role);
    const n = countOf(u);
    if (half) halfCount += n;
    else ships += n;
    lines.push({
      id: u.id,
      className: u.className,
      cost: (half ? 0.5 : 1) * n,
      note: half ? 'civilian/fixed: half, rounded up together' : 'ship',
    });

    if (u.sizeClass === undefined) {
      problems.push(
        `${BIG_SHIPS_RULE}: ${u.className} (${u.id}) has no size class, so it cannot be checked against the flagship.`,
      );
    } else if (flagship.sizeClass !== undefined && u.sizeClass < flagship.sizeClass) {
      problems.push(
        `${BIG_SHIPS_RULE}: ${u.className} (${u.id}, size class ${u.sizeClass}) is larger than the flagship ${flagship.className} (size class ${flagship.sizeClass}); a ship may not lead ships larger than itself.`,
      );
    }
    // The text's extreme example: a size-class 1 Hive Ship "could still have a single other ship
    // in the battle (though, not one with fighters or PFs)". Applied as written, to SC1 flagships only.
    if (flagship.sizeClass === 1 && u.carriesSmallCraft === true) {
      problems.push(
        `${BIG_SHIPS_RULE}: a size-class 1 flagship's consort may not carry fighters or PFs, and ${u.className} (${u.id}) does.`,
      );
    }
    if (u.leader === 'leader')
      warnings.push(
        `${u.className} (${u.id}) is a leader variant: it still needs consorts (S8.36), which this check does not verify.`,
      );
  }

  const used = ships + Math.ceil(halfCount / 2);
  if (flagship.sizeClass !== undefined && used > limit) {
    problems.push(
      `${BIG_SHIPS_RULE}: ${flagship.className} (size class ${limit}) commands ${limit} other ship${limit === 1 ? '' : 's'}, but the fleet needs ${used}` +
        (halfCount > 0
          ? ` (${ships} ships + ${halfCount} civilian/fixed units counting ${Math.ceil(halfCount / 2)})`
          : '') +
        '.',
    );
  }
  return {
    system: 'bigships',
    ok: problems.length === 0,
    limit,
    used,
    problems,
    warnings,
    limitBreakdown:
      flagship.sizeClass === undefined
        ? []
        : [`size class ${flagship.sizeClass}: ${limit} other ship${limit === 1 ? '' : 's'}`],
    lines,
  };
}
