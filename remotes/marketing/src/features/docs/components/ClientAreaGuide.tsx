import { brand } from '@kloof/ui';
import { Link } from 'react-router-dom';

/** Docs part two: how the signed-in client area works (workspaces, projects, links, roles). */
export function ClientAreaGuide() {
  return (
    <>
      <h2 id="client-area">The client area</h2>
      <p>
        The client area ({brand.clientAreaLabel}) is where your projects live while we work together: what is being
        built, where it stands, and every link you need, in one place instead of scattered across e-mails.
      </p>

      <h3 id="account">Your account</h3>
      <p>
        <Link to="/auth/register">Sign up</Link> with your name, e-mail address and a password of at least eight
        characters. We e-mail you a six-digit code to confirm the address; it is valid for ten minutes and you can{' '}
        <Link to="/auth/resend-verification">ask for a new one</Link>. The client area opens once your address is
        verified. Forgot your password? <Link to="/auth/forgetPassword">Request a reset code</Link> by e-mail.
      </p>

      <h3 id="dashboard">Dashboard</h3>
      <p>
        After you <Link to="/auth/login">log in</Link>, the dashboard shows your workspaces, how many projects are in
        each status, and the links added most recently.
      </p>

      <h3 id="workspaces">Workspaces</h3>
      <p>
        A workspace groups everything for one organisation or business unit, for example your company, or one brand
        within a group. Create as many as you need and give each a short description. Only you see your workspaces.
      </p>

      <h3 id="projects">Projects</h3>
      <p>A project belongs to one workspace and has a status that shows where it stands:</p>
      <ul>
        <li>
          <strong>Planning</strong>: discovery, proposal or design is under way.
        </li>
        <li>
          <strong>Active</strong>: sprints are running.
        </li>
        <li>
          <strong>On hold</strong>: paused, for example while waiting for a decision or a budget.
        </li>
        <li>
          <strong>Completed</strong>: launched and handed over.
        </li>
      </ul>

      <h3 id="links">Links</h3>
      <p>
        Links collect the addresses you need: the staging site, design files, the repository, specifications and
        reports. Attach a link to a workspace, or to one project within it, so the right people find it later.
      </p>

      <h3 id="roles">Roles and access</h3>
      <p>
        Every account sees only the workspaces it is a member of, with their projects and links. The owner of a
        workspace invites colleagues by e-mail as owners, editors (they add and change projects and links) or viewers
        (they read). On top of that, three kinds of access exist:
      </p>
      <ul>
        <li>
          <strong>Admin</strong>: our account managers. They manage user accounts, confirm addresses and assign roles.
        </li>
        <li>
          <strong>SuperAdmin</strong>: the few people who may grant or remove admin rights.
        </li>
        <li>
          <strong>System users</strong>: our platform engineers, who see the health of the service.
        </li>
      </ul>
      <p>
        Roles are checked on our servers for every request, not only in your browser. A page you do not have access to
        shows an <Link to="/unauthorized">access denied</Link> message instead.
      </p>

      <h3 id="profile">Profile, theme and signing out</h3>
      <p>
        Your profile holds your username, full name, company and phone number, and lets you change your e-mail address
        (see <a href="#email-change">below</a>) and your password. The sun and moon button switches between the light
        and dark theme on every page; without a choice, your device setting applies. Sign out from the avatar menu at
        the top right. For security, a session ends after a period without use and the client area tells you when it
        has.
      </p>
    </>
  );
}
