// The auth module's part of the contract.
export {
  BootstrapBody,
  BootstrapResponse,
  ConfirmBody,
  ConfirmResponse,
  EmailBody,
  LoginBody,
  LoginResponse,
  RefreshBody,
  RegisterBody,
  ResetPasswordBody,
  Tokens,
  ValidOtpBody,
  ValidOtpResponse,
} from '@kloof/api-contract';
