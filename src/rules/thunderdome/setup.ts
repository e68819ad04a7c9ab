import { bpv, type Bpv } from '../exact/bpv.ts';

/** UTD8.132: each player starts with 500 + 150·P BPV, P the number of players. */
export function startingBpv(players: number): Bpv {
  return bpv(500).add(bpv(150).mul(players));
}
