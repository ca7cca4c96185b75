// The dev outbox's part of the contract (development and tests only).
export { Outbox, OutboxQuery } from '@kloof/api-contract';
