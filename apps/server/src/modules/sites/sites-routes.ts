import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zMember, zSite, zSiteAllowance, zSiteCreateBody, zSiteUpdate } from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import * as sites from './sites-service.js';
import { siteScope } from '../../platform/scope.js';

const zSiteParams = z.object({ id: z.string().min(1).max(40) });
const tags = ['sites'];

export function siteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/sites',
    { schema: { tags, response: { 200: z.object({ items: z.array(zSite) }) } } },
    async (req) => ({
      items: await sites.listMySites(ctx, currentUser(req).user.id),
    }),
  );

  r.get(
    '/api/me/site-allowance',
    { schema: { tags, response: { 200: zSiteAllowance } } },
    async (req) => sites.siteAllowance(ctx, currentUser(req).user.id),
  );

  r.post(
    '/api/sites',
    { schema: { tags, body: zSiteCreateBody, response: { 201: zSite } } },
    async (req, reply) =>
      reply.status(201).send(await sites.createSite(ctx, currentUser(req).user.id, req.body)),
  );

  r.get(
    '/api/sites/:id',
    {
      config: { access: { auth: 'site' } },
      schema: { tags, params: zSiteParams, response: { 200: zSite } },
    },
    async (req) => sites.getSite(siteScope(req, ctx)),
  );

  r.patch(
    '/api/sites/:id',
    {
      config: { access: { auth: 'site', permission: 'canUpdate', entity: 'site' } },
      schema: { tags, params: zSiteParams, body: zSiteUpdate, response: { 200: zSite } },
    },
    async (req) => {
      // canUpdate is exactly owner and supervisor, who manage a site (spec part 6).
      const twoStep = currentUser(req).user.totp_secret !== null;
      return sites.updateSite(siteScope(req, ctx), req.body, twoStep);
    },
  );

  r.post(
    '/api/sites/:id/disown',
    {
      config: { access: { auth: 'site', ownerOnly: 'delete a site', whileInactive: true } },
      schema: { tags, params: zSiteParams },
    },
    async (req, reply) => {
      await sites.disownSite(siteScope(req, ctx));
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/sites/:id/members',
    {
      config: { access: { auth: 'site' } },
      schema: {
        tags: ['members'],
        params: zSiteParams,
        response: { 200: z.object({ items: z.array(zMember) }) },
      },
    },
    async (req) => ({ items: await sites.listMembers(siteScope(req, ctx)) }),
  );
}
