import { z } from 'zod';
import { buildGraph, components, laneLabel } from './graph.ts';
import { MAP_LIMITS } from './types.ts';
import type { Lane, MapSector, MapSpec } from './types.ts';

/**
 * Map import (UTD4.1, UTD8.15, UTD8.16; ISS-A105: the admin enters the map, the bot checks it and
 * the players approve it unanimously). FORMAT.md describes the file. Checking happens in two
 * passes: the zod schema settles the shape (types, unknown fields, size limits), then
 * `validateMap` checks the meaning and names the sector or lane at fault in every message.
 */

export interface MapIssue {
  /** Where in the file, e.g. `sectors[3].home` or `lanes[12]`; empty for the whole map. */
  path: string;
  message: string;
  /** Rule the problem breaks, when it breaks one. */
  rule?: string;
  /** Stable code for presentation and tests, e.g. `map/home-lanes`. */
  code: string;
}

export type MapParseResult = { ok: true; map: MapSpec } | { ok: false; errors: MapIssue[] };

/** More than this many problems means the file is wrong throughout; listing more helps nobody. */
const MAX_ISSUES = 50;
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const finite = { error: 'must be a finite number' };

const sectorSchema = z.strictObject({
  key: z.string(),
  name: z.string().optional(),
  x: z.number(finite).optional(),
  y: z.number(finite).optional(),
  home: z.number().int({ error: 'must be a whole number (a 0-based player slot)' }).min(0).optional(),
});

export const mapFileSchema = z.strictObject({
  title: z.string().max(MAP_LIMITS.maxTitleLength).optional(),
  sectors: z
    .array(sectorSchema)
    .min(1, { error: 'the map needs at least one sector' })
    .max(MAP_LIMITS.maxSectors, { error: `a map may have at most ${MAP_LIMITS.maxSectors} sectors` }),
  lanes: z
    .array(z.tuple([z.string(), z.string()], { error: 'a lane is a pair of sector keys, e.g. ["A", "B"]' }))
    .max(MAP_LIMITS.maxLanes, { error: `a map may have at most ${MAP_LIMITS.maxLanes} lanes` }),
});

/** Messages end with the rule they cite, so a player reading only the text still sees it. */
function issue(path: string, code: string, message: string, rule?: string): MapIssue {
  return rule === undefined ? { path, code, message } : { path, code, message: `${message} (${rule})`, rule };
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    '',
  );
}

/** Says which sector a schema problem is in by its key, when the raw data has one. */
function describeLocation(raw: unknown, path: readonly PropertyKey[]): string {
  if (path[0] === 'sectors' && typeof path[1] === 'number' && raw && typeof raw === 'object') {
    const sector = (raw as { sectors?: unknown[] }).sectors?.[path[1]];
    const key = sector && typeof sector === 'object' ? (sector as { key?: unknown }).key : undefined;
    return typeof key === 'string' ? `sector "${key}"` : `sector #${path[1] + 1}`;
  }
  if (path[0] === 'lanes' && typeof path[1] === 'number') return `lane #${path[1] + 1}`;
  return 'map';
}

/** Parses and validates a map file for a campaign with `playerCount` players. */
export function parseMapJson(text: string, playerCount: number): MapParseResult {
  if (text.length > MAP_LIMITS.maxTextLength) {
    return {
      ok: false,
      errors: [
        issue('', 'map/too-large', `The file has ${text.length} characters; the limit is ${MAP_LIMITS.maxTextLength}.`),
      ],
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, errors: [issue('', 'map/json', `The file is not valid JSON: ${(e as Error).message}`)] };
  }
  const parsed = mapFileSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = parsed.error.issues.slice(0, MAX_ISSUES).map((i) => {
      const path = formatPath(i.path);
      return issue(path, 'map/schema', `${describeLocation(raw, i.path)} (${path || 'file'}): ${i.message}`);
    });
    return { ok: false, errors };
  }
  // Rebuild without `undefined` members so the result satisfies exactOptionalPropertyTypes.
  const map: MapSpec = {
    sectors: parsed.data.sectors.map((s) => {
      const out: MapSector = { key: s.key };
      if (s.name !== undefined) out.name = s.name;
      if (s.home !== undefined) out.home = s.home;
      if (s.x !== undefined) out.x = s.x;
      if (s.y !== undefined) out.y = s.y;
      return out;
    }),
    lanes: parsed.data.lanes.map(([a, b]): Lane => [a, b]),
  };
  if (parsed.data.title !== undefined) map.title = parsed.data.title;
  const errors = validateMap(map, playerCount);
  return errors.length === 0 ? { ok: true, map } : { ok: false, errors };
}

/**
 * Checks what a map means, whatever produced it (importer, generator, stored state).
 * Returns every problem found, at most MAX_ISSUES of them; an empty list means the map is legal.
 */
export function validateMap(map: MapSpec, playerCount: number): MapIssue[] {
  const out: MapIssue[] = [];
  if (!Number.isInteger(playerCount) || playerCount < MAP_LIMITS.minPlayers || playerCount > MAP_LIMITS.maxPlayers) {
    return [
      issue(
        'playerCount',
        'map/player-count',
        `A campaign has ${MAP_LIMITS.minPlayers} to ${MAP_LIMITS.maxPlayers} players (one per allowed empire), not ${playerCount}.`,
        'UTD8.111',
      ),
    ];
  }
  checkSectors(map, out);
  checkHomes(map, playerCount, out);
  const lanesOk = checkLanes(map, out);
  // Degree and connectivity are only meaningful once every lane names two distinct, known sectors.
  if (lanesOk && !out.some((i) => i.code === 'map/duplicate-key')) checkGraph(map, out);
  if (out.length > MAX_ISSUES) {
    const more = out.length - MAX_ISSUES;
    return [...out.slice(0, MAX_ISSUES), issue('', 'map/too-many-problems', `…and ${more} more problems.`)];
  }
  return out;
}

function checkSectors(map: MapSpec, out: MapIssue[]): void {
  const firstByKey = new Map<string, number>();
  const firstByName = new Map<string, number>();
  const firstByPlace = new Map<string, number>();
  const withCoordinates = map.sectors.filter((s) => s.x !== undefined && s.y !== undefined).length;
  map.sectors.forEach((s, i) => {
    const at = `sectors[${i}]`;
    if (s.key.length === 0 || s.key.length > MAP_LIMITS.maxKeyLength || !KEY_PATTERN.test(s.key)) {
      out.push(
        issue(
          `${at}.key`,
          'map/bad-key',
          `Sector key "${s.key}" must be 1–${MAP_LIMITS.maxKeyLength} characters of letters, digits, "-" or "_", starting with a letter or digit.`,
        ),
      );
    }
    const dup = firstByKey.get(s.key);
    if (dup !== undefined) {
      out.push(
        issue(
          `${at}.key`,
          'map/duplicate-key',
          `Sector key "${s.key}" is used twice (sectors[${dup}] and ${at}); keys must be unique.`,
        ),
      );
    } else firstByKey.set(s.key, i);

    if (s.name !== undefined) {
      const name = s.name.trim();
      if (name.length === 0) {
        out.push(
          issue(
            `${at}.name`,
            'map/blank-name',
            `Sector "${s.key}" has a blank name; leave "name" out instead.`,
            'UTD4.12',
          ),
        );
      } else if (s.name.length > MAP_LIMITS.maxNameLength) {
        out.push(
          issue(
            `${at}.name`,
            'map/name-too-long',
            `Sector "${s.key}" has a ${s.name.length}-character name; the limit is ${MAP_LIMITS.maxNameLength}.`,
            'UTD4.12',
          ),
        );
      }
      const folded = name.toLowerCase();
      const other = firstByName.get(folded);
      if (name.length > 0 && other !== undefined) {
        out.push(
          issue(
            `${at}.name`,
            'map/duplicate-name',
            `Sectors "${map.sectors[other]!.key}" and "${s.key}" are both named "${name}"; names must be unique.`,
            'UTD4.12',
          ),
        );
      } else if (name.length > 0) firstByName.set(folded, i);
    }

    const hasX = s.x !== undefined;
    const hasY = s.y !== undefined;
    if (hasX !== hasY) {
      out.push(
        issue(
          at,
          'map/partial-coordinates',
          `Sector "${s.key}" has ${hasX ? 'x but no y' : 'y but no x'}; give both or neither.`,
        ),
      );
    } else if (hasX) {
      const place = `${s.x},${s.y}`;
      const other = firstByPlace.get(place);
      if (other !== undefined) {
        out.push(
          issue(
            at,
            'map/same-position',
            `Sectors "${map.sectors[other]!.key}" and "${s.key}" are drawn at the same point (${place}).`,
          ),
        );
      } else firstByPlace.set(place, i);
    } else if (withCoordinates > 0) {
      out.push(
        issue(
          at,
          'map/partial-coordinates',
          `Sector "${s.key}" has no x/y although other sectors do; give every sector coordinates or none.`,
        ),
      );
    }
  });
}

function checkHomes(map: MapSpec, playerCount: number, out: MapIssue[]): void {
  const bySlot = new Map<number, number>();
  map.sectors.forEach((s, i) => {
    if (s.home === undefined) return;
    const at = `sectors[${i}].home`;
    if (s.home >= playerCount) {
      out.push(
        issue(
          at,
          'map/home-slot-range',
          `Sector "${s.key}" is the home of slot ${s.home}, but with ${playerCount} players the slots are 0–${playerCount - 1}.`,
          'UTD4.32',
        ),
      );
      return;
    }
    const other = bySlot.get(s.home);
    if (other !== undefined) {
      out.push(
        issue(
          at,
          'map/duplicate-home',
          `Sectors "${map.sectors[other]!.key}" and "${s.key}" are both the home of slot ${s.home}; each player has one home sector.`,
          'UTD4.32',
        ),
      );
    } else bySlot.set(s.home, i);
  });
  for (let slot = 0; slot < playerCount; slot++) {
    if (!bySlot.has(slot)) {
      out.push(
        issue(
          'sectors',
          'map/missing-home',
          `No sector is the home of slot ${slot}; every one of the ${playerCount} players needs a home sector.`,
          'UTD4.32',
        ),
      );
    }
  }
}

/** Returns true when every lane joins two distinct known sectors (duplicates do not matter here). */
function checkLanes(map: MapSpec, out: MapIssue[]): boolean {
  const keys = new Set(map.sectors.map((s) => s.key));
  const firstByLabel = new Map<string, number>();
  let usable = true;
  map.lanes.forEach(([a, b], i) => {
    const at = `lanes[${i}]`;
    const unknown = [a, b].filter((k) => !keys.has(k));
    if (unknown.length > 0) {
      usable = false;
      const names = unknown.map((k) => `"${k}"`).join(' and ');
      out.push(
        issue(at, 'map/unknown-sector', `Lane ${a}–${b} names ${names}, which is not a sector of this map.`, 'UTD4.1'),
      );
      return;
    }
    if (a === b) {
      usable = false;
      out.push(issue(at, 'map/self-lane', `Lane ${a}–${b} leads from sector "${a}" back to itself.`, 'UTD4.1'));
      return;
    }
    const label = laneLabel(a, b);
    const other = firstByLabel.get(label);
    if (other !== undefined) {
      out.push(
        issue(
          at,
          'map/duplicate-lane',
          `Lane ${label} is listed twice (lanes[${other}] and ${at}); lanes have no direction.`,
          'UTD4.1',
        ),
      );
    } else firstByLabel.set(label, i);
  });
  return usable;
}

function listKeys(keys: readonly string[], limit = 10): string {
  const shown = keys
    .slice(0, limit)
    .map((k) => `"${k}"`)
    .join(', ');
  return keys.length > limit ? `${shown} and ${keys.length - limit} more` : shown;
}

function checkGraph(map: MapSpec, out: MapIssue[]): void {
  const graph = buildGraph(map);
  map.sectors.forEach((s, i) => {
    if (s.home === undefined) return;
    const lanes = graph.neighbourKeys[i]!;
    if (lanes.length !== MAP_LIMITS.homeLanes) {
      const to = lanes.length === 0 ? 'none' : `to ${listKeys(lanes)}`;
      out.push(
        issue(
          `sectors[${i}]`,
          'map/home-lanes',
          `Home sector "${s.key}" (slot ${s.home}) has ${lanes.length} lane${lanes.length === 1 ? '' : 's'} (${to}); each home sector has exactly ${MAP_LIMITS.homeLanes}.`,
          'UTD8.15',
        ),
      );
    }
  });
  const parts = components(graph);
  if (parts.length > 1) {
    const start = graph.keys[0]!;
    const cut = parts
      .slice(1)
      .flat()
      .map((i) => graph.keys[i]!);
    out.push(
      issue(
        'lanes',
        'map/disconnected',
        `The map falls into ${parts.length} separate parts: ${listKeys(cut)} cannot be reached from "${start}". ` +
          'Travel is only along warp lanes, so every sector must be reachable.',
        'UTD4.1',
      ),
    );
  }
}

/**
 * Writes a map in the import format, one sector or lane per line so files diff well and stay
 * readable by hand. `parseMapJson(serialiseMap(m), P)` gives back an equal map.
 */
export function serialiseMap(map: MapSpec): string {
  const sectorLine = (s: MapSector): string => {
    const ordered: MapSector = { key: s.key };
    if (s.name !== undefined) ordered.name = s.name;
    if (s.home !== undefined) ordered.home = s.home;
    if (s.x !== undefined) ordered.x = s.x;
    if (s.y !== undefined) ordered.y = s.y;
    return `    ${JSON.stringify(ordered)}`;
  };
  const head = map.title === undefined ? '' : `  "title": ${JSON.stringify(map.title)},\n`;
  const sectors = map.sectors.map(sectorLine).join(',\n');
  const lanes = map.lanes.map((l) => `    ${JSON.stringify(l)}`).join(',\n');
  return `{\n${head}  "sectors": [\n${sectors}\n  ],\n  "lanes": [\n${lanes}\n  ]\n}\n`;
}
