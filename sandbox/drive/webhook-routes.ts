// Webhook management: 201/200/204 on success, 401 without a valid key, 400 for a body that is
// not JSON, 422 with per-field detail for one that does not validate.
import type { Router } from '../http';
import { sendEmpty, sendJson } from '../../kit/http';
import type { DriveContext } from './context';
import { apiError, parseBody, readJsonBody } from './http';
import { createWebhookSchema, updateWebhookSchema } from './schemas';
import type { Merchant } from './state';
import { webhookRecord } from './webhooks';

export const registerWebhookRoutes = (router: Router, ctx: DriveContext) => {
  const ownWebhook = (merchant: Merchant, id: string | undefined) => {
    const hook = id === undefined ? undefined : ctx.hub.get(merchant.id, id);
    if (!hook) throw apiError(404, 'WEBHOOK_NOT_FOUND', `Webhook '${id ?? ''}' does not exist.`);
    return hook;
  };

  router.add('POST', '/v1/merchants/:merchantId/webhooks', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    const body = parseBody(createWebhookSchema, await readJsonBody(req));
    const hook = ctx.hub.create(merchant.id, {
      callbackUrl: body.callback_url,
      clientSecret: body.client_secret,
      callbackConfig: body.callback_config,
      disabled: body.disabled,
    });
    sendJson(res, 201, webhookRecord(hook));
  });

  router.add('GET', '/v1/merchants/:merchantId/webhooks', (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    sendJson(res, 200, ctx.hub.list(merchant.id).map(webhookRecord));
  });

  router.add('GET', '/v1/merchants/:merchantId/webhooks/:webhookId', (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    sendJson(res, 200, webhookRecord(ownWebhook(merchant, params.webhookId)));
  });

  router.add('PATCH', '/v1/merchants/:merchantId/webhooks/:webhookId', async (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    const hook = ownWebhook(merchant, params.webhookId);
    const body = parseBody(updateWebhookSchema, await readJsonBody(req));
    ctx.hub.update(hook, {
      callbackConfig: body.callback_config,
      callbackUrl: body.callback_url,
      clientSecret: body.client_secret,
      disabled: body.disabled,
      subscribedEvents: body.subscribed_events ? [...new Set(body.subscribed_events)] : undefined,
    });
    sendJson(res, 200, webhookRecord(hook));
  });

  router.add('DELETE', '/v1/merchants/:merchantId/webhooks/:webhookId', (req, res, params) => {
    const merchant = ctx.authenticate(req);
    ctx.ownMerchant(merchant, params.merchantId);
    ctx.hub.remove(ownWebhook(merchant, params.webhookId));
    sendEmpty(res, 204);
  });

  // The tracking page behind the tracking URL is public, as the recipient opens it from an SMS.
};
