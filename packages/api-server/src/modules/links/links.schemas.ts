// The links module's part of the contract.
export { CreateLinkBody, Link, LinkListQuery, UpdateLinkBody } from '@kloof/api-contract';
