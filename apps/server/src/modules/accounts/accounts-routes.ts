import type { FastifyInstance } from 'fastify';
import {
  zAccount,
  zAccountCreate,
  zAccountListQuery,
  zAccountTransaction,
  zAccountTransactionCreate,
  zAccountTransactionListQuery,
  zAccountTransactionUpdate,
  zAccountUpdate,
} from '@siteledger/domain';
import type { AppContext } from '../../platform/context.js';
import { recordServiceRoutes } from '../../platform/record-routes.js';
import { accounts } from './accounts-service.js';
import { transactions } from './transactions-service.js';

/** Accounts and their transactions; reading them needs canViewFinancials (API.md). */
export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  recordServiceRoutes(app, ctx, accounts, {
    record: zAccount,
    query: zAccountListQuery,
    create: zAccountCreate,
    update: zAccountUpdate,
  });
  recordServiceRoutes(app, ctx, transactions, {
    record: zAccountTransaction,
    query: zAccountTransactionListQuery,
    create: zAccountTransactionCreate,
    update: zAccountTransactionUpdate,
  });
}
