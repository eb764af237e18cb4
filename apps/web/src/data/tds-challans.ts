/** TDS challans of the current site (docs/API.md "Challans"): deposits per section and month. */
import type { TdsChallan, TdsChallanCreate, TdsChallanUpdate } from '@siteledger/domain';
import { defineCollection } from './collection';

export const TDS_CHALLANS = 'tds_challans';

const challans = defineCollection<TdsChallan, TdsChallanCreate, TdsChallanUpdate>(TDS_CHALLANS);

export const useTdsChallans = challans.useWhere;
export const useCreateTdsChallan = challans.useCreate;
