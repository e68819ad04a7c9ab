/** Gateway discovery: discord.js calls GET /gateway/bot before connecting. */
import type { StandInContext } from '../context.ts';
import type { Router } from '../router.ts';

export function registerGatewayRoutes(router: Router, ctx: StandInContext): void {
  router.add('GET', '/gateway', () => ({ body: { url: ctx.gateway.url } }), { auth: false });
  router.add('GET', '/gateway/bot', () => ({
    body: {
      url: ctx.gateway.url,
      shards: 1,
      session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 },
    },
  }));
}
