import type { CampaignState } from '../rules/thunderdome/state.ts';

/**
 * Colours shared by every image. The background is Discord's dark sidebar grey, so images sit
 * quietly in the dark theme; text is Discord's near-white.
 */
export const THEME = {
  background: '#2b2d31',
  panel: '#232428',
  text: '#f2f3f5',
  muted: '#b5bac1',
  faint: '#80848e',
  rule: '#3f4147',
  lane: '#6d717a',
  unowned: '#4e5058',
  unknown: '#383a40',
  battle: '#f23f43',
  outline: '#1e1f22',
  ring: {
    home: '#ffffff',
    life: '#57f287',
    mineral: '#f0b232',
    dead: '#80848e',
    unknown: '#b5bac1',
  },
  npe: '#dbdee1',
} as const;

/**
 * One colour per player, by joining order, chosen to stay apart from each other on the dark
 * background. The colour is the player's from joining to the end, on every picture (map, navy
 * sheet, ledger, battle card): it never follows the seats drawn at the start (UTD8.14).
 */
export const PALETTE = [
  '#e8514a', // red
  '#4a9df8', // blue
  '#f5c343', // yellow
  '#3fc97a', // green
  '#b26df2', // purple
  '#f58a3a', // orange
  '#36c9c6', // teal
  '#f06eb0', // pink
  '#9bd152', // lime
  '#c7a27a', // tan
  '#8a94ff', // periwinkle
  '#e6e6e6', // white
  '#b5651d', // brown
] as const;

/**
 * The colour of a player: by the order the players joined (`state.players` keeps it; a resigned or
 * removed player stays in the list, so no one's colour moves). Only a player leaving before the
 * start leaves the list, while nothing is drawn for anyone yet but the join list.
 */
export function playerColour(state: Pick<CampaignState, 'players'>, playerId: string | null): string {
  if (playerId === null) return THEME.unowned;
  const index = state.players.findIndex((p) => p.id === playerId);
  if (index < 0) return THEME.unowned;
  return PALETTE[index % PALETTE.length]!;
}

/** Black or white, whichever reads better on `hex`. */
export function contrastText(hex: string): string {
  const v = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return lum > 0.22 ? '#111214' : '#ffffff';
}

/** RGB triple of a `#rrggbb` colour (tests compare pixels with it). */
export function rgbOf(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
