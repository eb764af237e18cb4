import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zInvitation,
  zInvitationAccept,
  zInvitationCreate,
  zMemberAdd,
  zMemberRoleChange,
} from '@siteledger/domain';
import { currentUser } from '../../platform/access.js';
import type { AppContext } from '../../platform/context.js';
import * as invitations from './invitations-service.js';
import * as members from './members-service.js';
import { siteScope } from '../../platform/scope.js';

const zSite = z.object({ id: z.string().min(1).max(40) });
const zSiteMember = z.object({ id: z.string().min(1).max(40), userId: z.string().min(1).max(40) });
const zSiteInvitation = z.object({
  id: z.string().min(1).max(40),
  invId: z.string().min(1).max(40),
});
const zInvitationParams = z.object({ id: z.string().min(1).max(40) });
const zInvitations = z.object({ items: z.array(zInvitation) });
const owner = (what: string) => ({ access: { auth: 'site', ownerOnly: what } }) as const;

/** Members and invitations (API.md "Sites, members, invitations"); owner-only where spec part 6 says. */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  r.post(
    '/api/sites/:id/members',
    { config: owner('add users'), schema: { tags, params: zSite, body: zMemberAdd } },
    async (req, reply) => {
      await members.addMember(siteScope(req, ctx), req.body);
      return reply.status(201).send();
    },
  );
  r.patch(
    '/api/sites/:id/members/:userId',
    {
      config: owner('change user roles'),
      schema: { tags, params: zSiteMember, body: zMemberRoleChange },
    },
    async (req, reply) => {
      await members.changeRole(siteScope(req, ctx), req.params.userId, req.body);
      return reply.status(204).send();
    },
  );
  r.delete(
    '/api/sites/:id/members/:userId',
    {
      // Taking someone's access away must work even when the site is read-only.
      config: { access: { ...owner('remove users').access, whileInactive: true } },
      schema: { tags, params: zSiteMember },
    },
    async (req, reply) => {
      await members.removeMember(siteScope(req, ctx), req.params.userId);
      return reply.status(204).send();
    },
  );

  r.get(
    '/api/sites/:id/invitations',
    {
      config: owner('manage users'),
      schema: { tags, params: zSite, response: { 200: zInvitations } },
    },
    async (req) => ({
      items: await invitations.listSent(siteScope(req, ctx)),
    }),
  );
  r.post(
    '/api/sites/:id/invitations',
    {
      config: owner('add users'),
      schema: { tags, params: zSite, body: zInvitationCreate, response: { 201: zInvitation } },
    },
    async (req, reply) => {
      const { user } = currentUser(req);
      return reply.status(201).send(await invitations.invite(siteScope(req, ctx), user, req.body));
    },
  );
  r.delete(
    '/api/sites/:id/invitations/:invId',
    { config: owner('add users'), schema: { tags, params: zSiteInvitation } },
    async (req, reply) => {
      await invitations.cancel(siteScope(req, ctx), req.params.invId);
      return reply.status(204).send();
    },
  );

  r.get('/api/invitations', { schema: { tags, response: { 200: zInvitations } } }, async (req) => ({
    items: await invitations.listReceived(ctx, currentUser(req).user.email),
  }));
  r.post(
    '/api/invitations/:id/accept',
    {
      schema: {
        tags,
        params: zInvitationParams,
        body: zInvitationAccept,
        response: { 200: zInvitation },
      },
    },
    async (req) => invitations.accept(ctx, req.params.id, currentUser(req).user, req.body),
  );
  r.post(
    '/api/invitations/:id/decline',
    { schema: { tags, params: zInvitationParams } },
    async (req, reply) => {
      await invitations.decline(ctx, req.params.id, currentUser(req).user.email);
      return reply.status(204).send();
    },
  );
}
