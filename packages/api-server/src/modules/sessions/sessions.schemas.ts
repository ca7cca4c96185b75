// The sessions module's part of the contract.
export { DeviceSession, DeviceSessionList, EndedSessions, SessionParams, UserSessionParams } from '@kloof/api-contract';
