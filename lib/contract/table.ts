import type { z } from 'zod';
import * as features from './calls';
import type { CallDef, CallTable } from './define';

/**
 * The one table of calls (spec section 7), gathered from the features' tables (`calls/`): the
 * BFF's allow-list, the browser client's paths and the embedded upstream's routes all read it.
 */
type Features = typeof features;
type TableName = Extract<keyof Features, `${string}Calls`>;
type Merged<U> = (U extends unknown ? (u: U) => void : never) extends (all: infer All) => void ? All : never;
type Flat<T> = { [K in keyof T]: T[K] } & {};

export type Calls = Flat<Merged<Features[TableName]>>;
export type CallName = keyof Calls;
export type CallRequest<N extends CallName> = z.input<Calls[N]['request']>;
export type CallResponse<N extends CallName> = z.output<Calls[N]['response']>;
/** The `data` of a call's answer, as a page or a screen receives it once read. */
export type CallData<N extends CallName> = CallResponse<N> extends { data?: infer D } ? NonNullable<D> : never;

/** The features' tables (a module namespace lists its exports by name). */
export const featureTables: readonly CallTable[] = Object.entries(features)
  .filter(([name]) => name.endsWith('Calls'))
  .map(([, table]) => table as CallTable);

export const calls = Object.assign({}, ...featureTables) as Calls;

export const callList: readonly CallDef[] = Object.values(calls);
