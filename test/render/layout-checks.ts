import { circleOverlapsRect, rectInside, rectsOverlap } from '../../src/render/map-layout.ts';
import type { LabelBox, LayoutMapInput, MapLayout, Rect } from '../../src/render/map-layout.ts';
import type { MapSpec } from '../../src/rules/thunderdome/map/types.ts';

/** The layout input of a map spec, labelled by key (as an unexplored map is). */
export function inputOf(map: MapSpec, label: (key: string) => string = (k) => k): LayoutMapInput {
  return {
    sectors: map.sectors.map((s) => ({
      key: s.key,
      label: label(s.key),
      x: s.x ?? null,
      y: s.y ?? null,
      home: s.home !== undefined,
      homeSlot: s.home ?? null,
    })),
    lanes: map.lanes,
  };
}

/**
 * The parts of a label: the name, the terrain glyphs before it and the fleet badge
 * pills below it. Each lies inside its own label box, no two parts of a label overlap, and none
 * touches anything drawn for any sector (disc, icon slots, battle ring) or another label.
 */
export function labelPartProblems(lb: LabelBox, layout: MapLayout): string[] {
  const out: string[] = [];
  const parts: [string, Rect][] = [
    ['name', lb.textBox],
    ...lb.glyphs.map((g, i): [string, Rect] => [`glyph ${i}`, g]),
    ...lb.tags.map((t, i): [string, Rect] => [`badge ${i} (${t.text})`, t]),
  ];
  for (const [what, r] of parts) {
    if (!rectInside(r, lb)) out.push(`label ${lb.key}: ${what} leaves its label box`);
    for (const n of layout.nodes)
      for (const c of n.obstacles)
        if (circleOverlapsRect(c.x, c.y, c.r, r)) out.push(`label ${lb.key}: ${what} overlaps sector ${n.key}`);
    for (const other of layout.labels)
      if (other && other !== lb && rectsOverlap(r, other))
        out.push(`label ${lb.key}: ${what} overlaps label ${other.key}`);
  }
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++)
      if (rectsOverlap(parts[i]![1], parts[j]![1]))
        out.push(`label ${lb.key}: ${parts[i]![0]} and ${parts[j]![0]} overlap`);
  }
  return out;
}

/**
 * Everything a readable layout must satisfy, as a list of human-readable problems (empty when
 * fine): no two node footprints overlap; no label (with its terrain glyphs and fleet badges)
 * overlaps another label or anything drawn for a sector (disc, icon slots, battle ring); every
 * lane ends at its sectors' centres; every node footprint and label lies inside the map area (and
 * so inside the image).
 */
export function layoutProblems(layout: MapLayout, input: LayoutMapInput): string[] {
  const out: string[] = [];
  const { nodes, labels, area } = layout;
  const byKey = new Map(nodes.map((n) => [n.key, n]));
  for (let i = 0; i < nodes.length; i++) {
    for (let j = i + 1; j < nodes.length; j++) {
      const a = nodes[i]!;
      const b = nodes[j]!;
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d < a.R + b.R) out.push(`nodes ${a.key} and ${b.key} overlap (${d.toFixed(1)} < ${(a.R + b.R).toFixed(1)})`);
    }
  }
  for (const n of nodes) {
    if (!rectInside({ x: n.x - n.R, y: n.y - n.R, w: 2 * n.R, h: 2 * n.R }, area))
      out.push(`node ${n.key} leaves the map area`);
    if (n.obstacles.length === 0 || n.obstacles[0]!.r < n.r) out.push(`node ${n.key} has no disc obstacle`);
  }
  if (labels.length !== nodes.length) out.push(`${labels.length} labels for ${nodes.length} nodes`);
  for (const lb of labels) {
    if (!lb) {
      out.push('a missing label');
      continue;
    }
    if (!rectInside(lb, area)) out.push(`label ${lb.key} leaves the map area`);
    if (!rectInside(lb, { x: 0, y: 0, w: layout.width, h: layout.height }))
      out.push(`label ${lb.key} leaves the image`);
    for (const n of nodes)
      for (const c of n.obstacles)
        if (circleOverlapsRect(c.x, c.y, c.r, lb)) out.push(`label ${lb.key} overlaps sector ${n.key}`);
    for (const other of labels)
      if (other && other !== lb && rectsOverlap(lb, other)) out.push(`labels ${lb.key} and ${other.key} overlap`);
    if (lb.text.length === 0) out.push(`label ${lb.key} is empty`);
    out.push(...labelPartProblems(lb, layout));
  }
  const shown = new Set(nodes.map((n) => n.key));
  const expected = new Set<string>();
  for (const [a, b] of input.lanes)
    if (shown.has(a) && shown.has(b) && a !== b) expected.add(a < b ? `${a}|${b}` : `${b}|${a}`);
  if (layout.lanes.length !== expected.size) out.push(`${layout.lanes.length} lanes drawn, ${expected.size} expected`);
  for (const l of layout.lanes) {
    const a = byKey.get(l.a);
    const b = byKey.get(l.b);
    if (!a || !b) out.push(`lane ${l.a}–${l.b} names a sector not drawn`);
    else if (a.x !== l.x1 || a.y !== l.y1 || b.x !== l.x2 || b.y !== l.y2)
      out.push(`lane ${l.a}–${l.b} does not end at its sectors' centres`);
    if (!expected.has(l.a < l.b ? `${l.a}|${l.b}` : `${l.b}|${l.a}`)) out.push(`lane ${l.a}–${l.b} is not in the map`);
  }
  if (layout.unplacedLabels !== 0) out.push(`${layout.unplacedLabels} labels without a free place`);
  return out;
}
