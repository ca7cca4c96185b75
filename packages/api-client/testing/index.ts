// What tests of the HTTP layer and its callers build on: a fake API and fixtures shaped by the contract.
//
// Why not MSW (judged 2026-11-29): what MSW would replace is the transport hook only, stubApi's swap
// of axios's adapter (interceptors, refresh queue and error mapping still run); the answers (the
// fresh-proof flow, fake-api's token rotation) would be written the same way in its handlers, and
// fakeNetwork drives the connectivity store's events, timers and probe, which no HTTP mock models.
// MSW 2 also needs fetch's globals, which the Jest jsdom environment here lacks (measured: Request,
// Response, ReadableStream and fetch are undefined), so every jsdom project would change environment.
// The real HTTP path is the browser tests' (Playwright against the real API).
export * from './fake-api';
export { aUser } from './a-user';
export { fakeNetwork, type FakeNetwork } from './fake-network';
export * from './stub-api';
