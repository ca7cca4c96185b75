// The billing module's part of the contract.
export { Billing } from '@kloof/api-contract';
