// The health module's part of the contract.
export { Health } from '@kloof/api-contract';
