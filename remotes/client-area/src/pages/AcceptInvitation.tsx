import { AcceptInvitationScreen } from '../features/members/components/AcceptInvitationScreen';

/** /invitations#<token> */
export default function AcceptInvitation() {
  return <AcceptInvitationScreen />;
}
