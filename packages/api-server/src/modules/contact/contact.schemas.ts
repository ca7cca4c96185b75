// The contact module's part of the contract.
export { ContactBody, ContactListQuery, ContactPage, ContactReceipt } from '@kloof/api-contract';
