import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  zAccount,
  zAccountCreate,
  zAccountListQuery,
  zAccountTransaction,
  zAccountTransactionCreate,
  zAccountTransactionListQuery,
  zAccountTransactionUpdate,
  zAccountUpdate,
  zListResult,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { expandSet, zRecordParams, zSiteParams } from '../../platform/route-params.js';
import * as accounts from './accounts-service.js';
import * as transactions from './transactions-service.js';
import { siteScope } from '../../platform/scope.js';

const financial = { access: { auth: 'site', permission: 'canViewFinancials' } } as const;
const can = (permission: 'canCreate' | 'canUpdate' | 'canDelete', entity: string) =>
  ({ access: { auth: 'site', permission, entity } }) as const;
const zGetQuery = z.object({ expand: z.string().max(200).optional() });

/** Accounts and their transactions; reading them needs canViewFinancials (API.md). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const a = '/api/sites/:siteId/accounts';
  const t = '/api/sites/:siteId/account_transactions';
  const aDoc = ['accounts'];
  const tDoc = ['account transactions'];

  r.get(
    a,
    {
      config: financial,
      schema: {
        tags: aDoc,
        params: zSiteParams,
        querystring: zAccountListQuery,
        response: { 200: zListResult(zAccount) },
      },
    },
    async (req) => accounts.listAccounts(siteScope(req, ctx), req.query),
  );
  r.post(
    a,
    {
      config: can('canCreate', 'accounts'),
      schema: {
        tags: aDoc,
        params: zSiteParams,
        body: zAccountCreate,
        response: { 201: zAccount },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await accounts.createAccount(siteScope(req, ctx), req.body)),
  );
  r.get(
    `${a}/:id`,
    {
      config: financial,
      schema: { tags: aDoc, params: zRecordParams, response: { 200: zAccount } },
    },
    async (req) => accounts.getAccount(siteScope(req, ctx), req.params.id),
  );
  r.patch(
    `${a}/:id`,
    {
      config: can('canUpdate', 'accounts'),
      schema: {
        tags: aDoc,
        params: zRecordParams,
        body: zAccountUpdate,
        response: { 200: zAccount },
      },
    },
    async (req) => accounts.updateAccount(siteScope(req, ctx), req.params.id, req.body),
  );
  r.delete(
    `${a}/:id`,
    { config: can('canDelete', 'accounts'), schema: { tags: aDoc, params: zRecordParams } },
    async (req, reply) => {
      await accounts.deleteAccount(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );

  r.get(
    t,
    {
      config: financial,
      schema: {
        tags: tDoc,
        params: zSiteParams,
        querystring: zAccountTransactionListQuery,
        response: { 200: zListResult(zAccountTransaction) },
      },
    },
    async (req) => transactions.listTransactions(siteScope(req, ctx), req.query),
  );
  r.post(
    t,
    {
      config: can('canCreate', 'account transactions'),
      schema: {
        tags: tDoc,
        params: zSiteParams,
        body: zAccountTransactionCreate,
        response: { 201: zAccountTransaction },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await transactions.createTransaction(siteScope(req, ctx), req.body)),
  );
  r.get(
    `${t}/:id`,
    {
      config: financial,
      schema: {
        tags: tDoc,
        params: zRecordParams,
        querystring: zGetQuery,
        response: { 200: zAccountTransaction },
      },
    },
    async (req) =>
      transactions.getTransaction(siteScope(req, ctx), req.params.id, expandSet(req.query.expand)),
  );
  r.patch(
    `${t}/:id`,
    {
      config: can('canUpdate', 'account transactions'),
      schema: {
        tags: tDoc,
        params: zRecordParams,
        body: zAccountTransactionUpdate,
        response: { 200: zAccountTransaction },
      },
    },
    async (req) => transactions.updateTransaction(siteScope(req, ctx), req.params.id, req.body),
  );
  r.delete(
    `${t}/:id`,
    {
      config: can('canDelete', 'account transactions'),
      schema: { tags: tDoc, params: zRecordParams },
    },
    async (req, reply) => {
      await transactions.deleteTransaction(siteScope(req, ctx), req.params.id);
      return reply.status(204).send();
    },
  );
}
