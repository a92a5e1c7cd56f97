/**
 * The features of the contract, one line each. A feature's file holds its calls, as one table
 * exported under the name `<feature>Calls`, with the shapes and helpers that only it uses
 * (shapes that several features share are in ../shapes.ts). `../table.ts` gathers the tables
 * into the one table of calls; adding a call to a feature touches only that feature's file.
 */
export * from './account';
export * from './referral';
export * from './dictionary';
export * from './word-lists';
export * from './annotation';
export * from './audio';
export * from './analysis';
export * from './chat';
export * from './passage';
export * from './photo-text';
export * from './expert-instructions';
export * from './writer';
export * from './reading';
export * from './courses';
export * from './books';
export * from './membership';
export * from './assessment';
export * from './metering';
export * from './operator';
export * from './review';
