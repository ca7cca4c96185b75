// The users module's part of the contract (current user, administration, system users).
export {
  AdminUpdateUserBody,
  ChangePasswordBody,
  Role,
  SystemUsers,
  UpdateProfileBody,
  User,
  UserListQuery,
  UserPage,
} from '@kloof/api-contract';
