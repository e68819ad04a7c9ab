/** Interaction callbacks and the interaction webhook; authenticated by the token in the path, not the bot token. */
import type { InteractionResponder } from '../interactions.ts';
import type { Router } from '../router.ts';

export function registerInteractionRoutes(router: Router, responder: InteractionResponder): void {
  const noAuth = { auth: false };
  router.add(
    'POST',
    '/interactions/:interactionId/:token/callback',
    ({ params, query, json, files }) =>
      responder.callback(params['interactionId'] ?? '', params['token'] ?? '', query, json, files),
    noAuth,
  );
  router.add(
    'POST',
    '/webhooks/:applicationId/:token',
    ({ params, query, json, files }) =>
      responder.followUp(params['applicationId'] ?? '', params['token'] ?? '', query, json, files),
    noAuth,
  );
  router.add(
    'GET',
    '/webhooks/:applicationId/:token/messages/:messageId',
    ({ params }) => responder.fetch(params['applicationId'] ?? '', params['token'] ?? '', params['messageId'] ?? ''),
    noAuth,
  );
  router.add(
    'PATCH',
    '/webhooks/:applicationId/:token/messages/:messageId',
    ({ params, json, files }) =>
      responder.edit(params['applicationId'] ?? '', params['token'] ?? '', params['messageId'] ?? '', json, files),
    noAuth,
  );
  router.add(
    'DELETE',
    '/webhooks/:applicationId/:token/messages/:messageId',
    ({ params }) => responder.delete(params['applicationId'] ?? '', params['token'] ?? '', params['messageId'] ?? ''),
    noAuth,
  );
}
