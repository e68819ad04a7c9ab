import type {
  CidsPool,
  Fortress,
  FortressAllocation,
  PowerAllocation,
  RepairOutcome,
  RepairType,
  SecretRollReveal,
  SpecialDamageResult,
} from '../../rules/sfw/index.ts';
import {
  CAPTAC_HIT_DAMAGE,
  CAPTAC_TOW_LOSS_DAMAGE,
  LIGHT_LASER_RANGE_INCHES,
  MAATAC_MODULES,
  MODULES,
  PARTICLE_WEAPON_DAMAGE,
  type CapTacResult,
  type CraftKind,
  type CraftTurnResult,
} from '../../rules/sfw/index.ts';
import type { MaatacAnswer } from '../../app/sfw.ts';
import type { RollOutcome, SecretRollRecord } from '../../app/sfw.ts';
import { mention } from '../words.ts';

/**
 * The words of `/sfw` (a battle aid, digest P-C1, P-C2). Secret rolls: `secretResultText` goes to
 * the owner only; the channel sees `commitmentText` until the battle is resolved, then
 * `revealText` for every roll.
 */
export type { SecretRollRecord };

const TABLE: Record<SecretRollRecord['table'], string> = {
  'special-damage': 'Special Damage',
  'damage-control': 'Damage Control',
};
const REPAIR: Record<RepairType, string> = {
  of: 'Offensive Factors',
  df: 'Defensive Factors',
  speed: 'Speed',
  pu: 'Power Units',
  turns: 'Turn Reduction',
};

export const pct = (n: number): string => String(n).padStart(2, '0');

/** `86/<nonce>/<purpose>`: everything `/sfw verify` needs besides the commitment. */
export function revealToken(r: SecretRollReveal): string {
  return `${pct(r.result)}/${r.nonce}/${r.purpose}`;
}

export function parseRevealToken(text: string): SecretRollReveal | null {
  const m = /^\s*(\d{1,2})\/([0-9a-fA-F]{32,})\/(.+?)\s*$/s.exec(text);
  return m ? { result: Number(m[1]), nonce: m[2]!.toLowerCase(), purpose: m[3]! } : null;
}

function rollTitle(r: SecretRollRecord): string {
  return `${TABLE[r.table]}${r.repair ? ` (${REPAIR[r.repair]})` : ''} roll #${r.n} for ${r.ship}${r.turn !== undefined ? `, turn ${r.turn}` : ''}`;
}

export function outcomeText(
  r: SecretRollRecord,
  special: SpecialDamageResult | null,
  repair: RepairOutcome | null,
): string {
  if (special) return `${special.effect}${special.turns !== null ? ` (${special.turns} turns)` : ''}`;
  if (!repair) return '';
  switch (repair.kind) {
    case 'none':
      return 'no repair';
    case 'factors':
      return `${repair.n} ${r.repair === 'speed' ? 'speed' : r.repair === 'df' ? 'Defensive' : 'Offensive'} factor${repair.n === 1 ? '' : 's'} restored`;
    case 'pu':
      return `${repair.n} PU repaired (within the battle maximum)`;
    case 'turns':
      return `a timed effect shortened by ${repair.n} turn${repair.n === 1 ? '' : 's'}`;
    case 'of-lost':
      return 'all Offensive Factors lost permanently';
    case 'df-lost':
      return 'field generators shorted: no Defensive Factors';
    case 'explodes':
      return 'the ship explodes';
  }
}

/** Ephemeral, to the owner only. */
/** A roll's meaning in words: its Special Damage effect or its Damage Control outcome. */
export function rollOutcomeText(r: SecretRollRecord, o: RollOutcome): string {
  return outcomeText(r, o.special, o.repair);
}

export function secretResultText(battleId: string, r: SecretRollRecord, outcome: string): string {
  return [
    `🎲 Your secret ${rollTitle(r)} (battle ${battleId}): **${pct(r.reveal.result)}** — ${outcome}.`,
    'Only you see this; your opponent sees the commitment and can check it once the battle is resolved.',
    `-# Reveal: \`${revealToken(r.reveal)}\``,
  ].join('\n');
}

/** Public: proves later that the roll was not changed, without telling what it was. */
export function commitmentText(battleId: string, r: SecretRollRecord): string {
  return `🔒 ${mention(r.by)} made a secret ${rollTitle(r)} in battle ${battleId}. Commitment: \`${r.commitment}\`. Revealed with \`/sfw reveal battle:${battleId}\` once the battle is resolved.`;
}

export function revealText(
  battleId: string,
  rolls: readonly { record: SecretRollRecord; outcome: string; ok: boolean }[],
): string {
  if (rolls.length === 0) return `Battle ${battleId} had no secret rolls.`;
  const lines = [
    `🔓 **Secret rolls of battle ${battleId}**, now that it is resolved (check any with \`/sfw verify\`):`,
  ];
  for (const { record: r, outcome, ok } of rolls) {
    lines.push(
      `• ${mention(r.by)} ${rollTitle(r)}: **${pct(r.reveal.result)}** — ${outcome}. ${ok ? '✅' : '❌'} commitment \`${r.commitment}\`${r.forced ? ' (die forced by a test hook)' : ''}`,
    );
    lines.push(`  reveal \`${revealToken(r.reveal)}\``);
  }
  return lines.join('\n');
}

export function verifyText(ok: boolean, reveal: SecretRollReveal): string {
  return ok
    ? `✅ The reveal matches the commitment: the roll for "${reveal.purpose}" was **${pct(reveal.result)}** and was not changed afterwards.`
    : `❌ The reveal does NOT match the commitment: the roll, its purpose or its nonce differ from what was committed.`;
}

export function powerText(shipName: string, a: PowerAllocation, bestDf: number): string {
  const c = a.calculated;
  const lines = [
    `${a.legal ? '✅' : '❌'} **${shipName}: speed ${c.speed}, OF ${c.of}, DF ${c.df}** costs ${c.speed}² + ${c.of}² + ${c.df}² = **${a.used}** PU of ${a.available} available (${a.left} left).`,
    ...a.problems.map((p) => `• ${p}`),
    `Fights with speed ${a.effective.speed}, OF ${a.effective.of}, DF ${a.effective.df}${a.sgdBonus ? ' (Super Galactic Dreadnought bonuses included; lost at 75% damage)' : ''}.`,
    `Best DF the PU left after speed and OF can buy: ${bestDf}.`,
  ];
  if (a.disabled) lines.push('0 PU left: the ship is disabled.');
  return lines.join('\n');
}

export function fortressText(
  f: Fortress,
  a: FortressAllocation | null,
  pools: Record<string, CidsPool> | null = null,
): string {
  const lines = [
    `🏰 **${f.name}**: ${f.pu} PU from its Life Support Systems; weapon modules allow OF ${f.maxOF} (the PU could buy ${f.maxFactors} in one system).`,
    ...f.modules.map(
      (m) =>
        `• ${m.id} ${MODULES[m.type].name}${m.damage ? `, ${m.damage} damage` : ''}${m.destroyed ? ' — destroyed' : ''}${m.on ? `, on ${m.on}` : ''}`,
    ),
  ];
  if (f.knockedOut) lines.push('⚠️ No LSS left: no power; the fortress may be boarded.');
  if (f.firingPenalty) lines.push(`⚠️ No Communication Module left: +${f.firingPenalty} to its firing rolls.`);
  if (f.specialDamageRoll) lines.push('⚠️ LSS damage is over 20%: roll Special Damage (`/sfw damage`).');
  lines.push(`Damage-control teams: ${f.dctTeams}.`);
  if (a) {
    lines.push(
      `${a.legal ? '✅' : '❌'} OF ${a.of}, DF ${a.df} (every module): ${a.of}² + ${a.df}² = ${a.used} PU, ${a.left} left; speed 1 costs nothing.`,
    );
    lines.push(...a.problems.map((p) => `• ${p}`));
  }
  if (pools) {
    lines.push('CIDS after loans (10 rolls at most per module; the extra ones the attacker eliminates are lost):');
    for (const p of Object.values(pools)) {
      if (p.total === 0 && p.lent === 0 && p.eliminated.length === 0) continue;
      const rolls = p.rolls.map((r) => `${r.count}×${r.percent}% from ${r.source}`).join(', ') || 'none';
      const gone = p.eliminated.reduce((s, r) => s + r.count, 0);
      lines.push(
        `• ${p.module}: ${p.total} roll${p.total === 1 ? '' : 's'} (${rolls})${p.lent ? `, lent ${p.lent}` : ''}${gone ? `, ${gone} eliminated` : ''}`,
      );
    }
  }
  return lines.join('\n');
}

/** `/sfw starbomber` and `/sfw saps`: what the craft may do this turn and where it stands. */
export function craftText(kind: CraftKind, r: CraftTurnResult): string {
  const c = r.craft;
  const lines = [
    `🛩️ **${c.number} ${c.name}** (${kind === 'starbomber' ? 'starbomber' : 'SAPS'}): ${c.lightLasers} light-laser factors (one shot each a turn, ${LIGHT_LASER_RANGE_INCHES}", starfighters, transports, starbombers and SAPS only), ${c.particleFactors} particle weapons a turn, ${c.reloads ?? 'unknown'} carried, speed ${c.speed} at most.`,
  ];
  if (r.laserShots > 0)
    lines.push(`• ${r.laserShots} light-laser shot${r.laserShots === 1 ? '' : 's'} this turn: legal.`);
  if (r.pwLaunched > 0)
    lines.push(
      `• ${r.pwLaunched} particle weapon${r.pwLaunched === 1 ? '' : 's'} launched: ${r.reloadsAfter} left aboard.`,
    );
  if (r.target)
    lines.push(
      `• The target ship: ${r.target.damage} of ${r.target.pu} PU of damage (${PARTICLE_WEAPON_DAMAGE} PU a particle-weapon hit)${r.target.disabled ? ' — **disabled, its crew dead**' : ''}.`,
    );
  lines.push(
    r.destroyed
      ? `💥 With ${r.hits.heavy} offensive-factor or particle-weapon hit${r.hits.heavy === 1 ? '' : 's'} and ${r.hits.light} CIDS or light-laser hit${r.hits.light === 1 ? '' : 's'}, it is **destroyed** (one heavy hit, or four light ones).`
      : `Hits taken: ${r.hits.light} light; ${r.lightHitsLeft} more CIDS or light-laser hit${r.lightHitsLeft === 1 ? '' : 's'}, or one offensive-factor or particle-weapon hit, destroy it.`,
  );
  return lines.join('\n');
}

/** `/sfw captac`. */
export function capTacText(r: CapTacResult): string {
  const lines = [
    `🧨 **CapTacs**: ${r.problems.length === 0 ? '✅ tow, range and activation are legal.' : '❌ not legal:'}`,
    ...r.problems.map((p) => `• ${p}`),
    `• Still in tow: ${r.survivingInTow}.`,
  ];
  if (r.target)
    lines.push(
      `• The target: ${r.target.damage} of ${r.target.pu} PU of damage (${CAPTAC_HIT_DAMAGE} PU a hit)${r.target.disabled ? ' — **disabled**' : ''}; ${r.target.specialDamageRolls} Special Damage roll${r.target.specialDamageRolls === 1 ? '' : 's'} due whatever its damage (\`/sfw damage\`).`,
    );
  if (r.tower)
    lines.push(
      `• The towing ship: ${r.tower.damage} of ${r.tower.pu} PU of damage (${CAPTAC_TOW_LOSS_DAMAGE} PU for each CapTac shot down in tow)${r.tower.disabled ? ' — **disabled**' : ''}.`,
    );
  return lines.join('\n');
}

/** `/sfw maatac`. */
export function maatacText(a: MaatacAnswer): string {
  const f = a.fortress;
  const lines = [
    `🏯 **MAATAC fortress**: ${f.canFire ? 'its weapons may fire' : '⚠️ no LSS standing: none of its weapons may fire'}${f.firingModifier ? `; no CM standing: ${f.firingModifier} on its firing rolls` : ''}.`,
    `Standing fixed modules fire: heavy ${f.weapons.heavy}, medium ${f.weapons.medium}, light ${f.weapons.light}, particle-weapon launchers ${f.weapons.pwLaunchers} (ROB ${f.weapons.rob}).`,
    ...f.modules.map((m) => {
      const s = MAATAC_MODULES[m.type];
      return `• ${m.id} ${MODULES[m.type].name}: armor ${s.armor}${m.type === 'MAD' ? `, speed ${s.speed}${m.immobile ? ' (mobility lost)' : ''}` : ''}${m.on ? `, on ${m.on}` : ''}${m.garrison ? `, ${m.garrison} IU/RAATAC` : ''}${m.destroyed ? (m.destroyedWith ? ` — destroyed with ${m.destroyedWith}` : ' — destroyed') : m.hiddenBy.length ? ` — hull-down behind ${m.hiddenBy.join(', ')}` : ''}`;
    }),
    `An attacker may name: ${f.targetable.length ? f.targetable.join(', ') : 'nothing'}.`,
  ];
  if (a.target) lines.push(`🎯 ${a.target.id} may be fired at; any penetration destroys it.`);
  if (a.move) lines.push(`🚜 ${a.move.mad} may move ${a.move.to ? `onto ${a.move.to}` : 'off, as a MAATAC'}.`);
  return lines.join('\n');
}
