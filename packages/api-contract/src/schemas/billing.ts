import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Uuid } from './common';

export const BillingPlan = Type.Object({ name: Type.String(), priceZar: Type.Number(), interval: Type.String() });
export type BillingPlan = Static<typeof BillingPlan>;

export const Invoice = Type.Object({
  id: Uuid,
  number: Type.String(),
  issuedAt: IsoDate,
  amountZar: Type.Number(),
  status: Type.String(),
});
export type Invoice = Static<typeof Invoice>;

/** GET /billing: the plan (null without one) and the invoices, newest first. */
export const Billing = Type.Object({
  plan: Type.Union([BillingPlan, Type.Null()]),
  invoices: Type.Array(Invoice),
});
export type Billing = Static<typeof Billing>;
