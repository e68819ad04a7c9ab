/**
 * A tiny path router for the REST API: patterns like `/channels/:channelId/messages/:messageId`.
 * The pattern string doubles as the `route` recorded in the request log.
 */
import type { UploadedFile } from './types.ts';

export interface RouteRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  json: unknown;
  files: UploadedFile[];
}

/** `body: undefined` → 204 No Content. */
export interface RouteResult {
  status?: number;
  body?: unknown;
}

export type RouteHandler = (req: RouteRequest) => RouteResult | Promise<RouteResult>;

export interface RouteDef {
  method: string;
  pattern: string;
  /** false for routes authenticated by an interaction/webhook token in the path instead of the bot token. */
  auth: boolean;
  handler: RouteHandler;
  segments: string[];
}

export type RouteMatch =
  | { kind: 'found'; def: RouteDef; params: Record<string, string> }
  | { kind: 'wrongMethod' }
  | { kind: 'none' };

export class Router {
  readonly #routes: RouteDef[] = [];

  add(method: string, pattern: string, handler: RouteHandler, opts: { auth?: boolean } = {}): void {
    this.#routes.push({
      method,
      pattern,
      handler,
      auth: opts.auth ?? true,
      segments: pattern.split('/').filter(Boolean),
    });
  }

  match(method: string, path: string): RouteMatch {
    const segments = path.split('/').filter(Boolean);
    let pathKnown = false;
    // Literal segments beat parameters (`/messages/@original` before `/messages/:messageId`), so try
    // the most specific pattern first.
    const candidates = this.#routes
      .map((def) => ({ def, params: matchSegments(def.segments, segments) }))
      .filter((c): c is { def: RouteDef; params: Record<string, string> } => c.params !== null)
      .sort((a, b) => specificity(b.def) - specificity(a.def));
    for (const { def, params } of candidates) {
      pathKnown = true;
      if (def.method === method) return { kind: 'found', def, params };
    }
    return pathKnown ? { kind: 'wrongMethod' } : { kind: 'none' };
  }
}

function specificity(def: RouteDef): number {
  return def.segments.filter((s) => !s.startsWith(':')).length;
}

function matchSegments(pattern: string[], actual: string[]): Record<string, string> | null {
  if (pattern.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i] as string;
    const a = actual[i] as string;
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(a);
      } catch {
        return null;
      }
    } else if (p !== a) {
      return null;
    }
  }
  return params;
}
