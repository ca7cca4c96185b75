// What tests of the HTTP layer and its callers build on: a fake API and fixtures shaped by the contract.
export * from './fake-api';
export { aUser } from './a-user';
export { fakeNetwork, type FakeNetwork } from './fake-network';
export * from './stub-api';
