/** The images (UTD1.12, UTD3.1): pure layout, the warp-lane map, the navy sheet, and a cache. */
export { ensureFonts, font, safeText, FONT_FAMILY } from './fonts.ts';
export { layoutMap, zoomLayout, autoPositions, countLaneCrossings } from './map-layout.ts';
export type {
  LayoutMapInput,
  LayoutOptions,
  LayoutSector,
  MapLayout,
  NodeBox,
  LabelBox,
  LaneLine,
  Stub,
  Rect,
  Circle,
} from './map-layout.ts';
export { renderMap, mapScene, titleLines, MAP_IMAGE_DEFAULTS } from './map-image.ts';
export type { MapImageOptions, MapScene } from './map-image.ts';
export { renderNavySheet, navySummary } from './navy-sheet.ts';
export type { NavySheetOptions, NavySummary, FleetSummary, ShipRow } from './navy-sheet.ts';
export { ImageCache, imageKey } from './cache.ts';
export type { ImageCacheOptions, ImageCacheStats } from './cache.ts';
export { PALETTE, playerColour, THEME } from './theme.ts';
export { renderBattleCard, battleCardScene, hexPixel, BATTLE_CARD_SIZE, BATTLE_COLOURS } from './battle-card.ts';
export type { BattleFleet, BattleCardOptions, BattleCardScene } from './battle-card.ts';
