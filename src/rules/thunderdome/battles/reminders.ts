import type { Decider } from '../decider.ts';
import type { BattleReminderKey } from '../events.ts';
import type { Battle } from '../state.ts';
import { NPE, playerSides } from './common.ts';

/** How long before each battle clock its reminder goes out, and to whom (like the orders-deadline reminders of UTD3.3). */
export const BATTLE_REMINDERS: readonly {
  /** What the reminder asks for: the words layer writes it (battle-words.ts). */
  key: BattleReminderKey;
  stages: readonly Battle['stage'][];
  deadline: 'contact' | 'resolve' | 'runner';
  hours: number;
  who: (b: Battle, players: string[]) => string[];
}[] = [
  {
    key: 'awaiting-contact',
    stages: ['awaiting-contact'],
    deadline: 'contact',
    hours: 24,
    who: (b) => [b.contactBy],
  },
  {
    key: 'awaiting-response',
    stages: ['awaiting-response'],
    deadline: 'contact',
    hours: 24,
    who: (b) =>
      playerSides(b)
        .filter((x) => x !== b.contactBy)
        .concat(b.npe?.runner ? [b.npe.runner] : []),
  },
  {
    key: 'resolve',
    stages: ['in-play', 'negotiating', 'result-proposed'],
    deadline: 'resolve',
    hours: 72,
    who: (b) => playerSides(b).concat(b.npe?.runner ? [b.npe.runner] : []),
  },
  {
    key: 'runner',
    stages: ['awaiting-runner'],
    deadline: 'runner',
    hours: 48,
    who: (b, players) => players.filter((p) => !b.sides.includes(p)),
  },
];

/** Posts each battle reminder once, when its clock is within reach. */
export function remindBattles(d: Decider): void {
  const now = d.ctx.now.getTime();
  const players = d.state.players.filter((p) => p.status === 'active').map((p) => p.id);
  for (const b of d.state.battles.filter((x) => x.status === 'open')) {
    for (const r of BATTLE_REMINDERS) {
      const due = b.deadlines[r.deadline];
      if (!r.stages.includes(b.stage) || !due || (b.reminders ?? []).includes(r.key)) continue;
      const at = new Date(due).getTime();
      if (at <= now || at - r.hours * 3_600_000 > now) continue;
      d.emit({
        type: 'BattleReminder',
        battleId: b.id,
        key: r.key,
        players: r.who(b, players).filter((x) => x !== NPE),
        deadline: due,
      });
    }
  }
}
