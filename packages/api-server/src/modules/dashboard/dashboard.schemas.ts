// The dashboard module's part of the contract.
export { Dashboard } from '@kloof/api-contract';
