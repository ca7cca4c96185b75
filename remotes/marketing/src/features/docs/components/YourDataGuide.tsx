import { Link } from 'react-router-dom';

/**
 * Docs part three, the privacy text: what the account holds, and the rights POPIA gives over it
 * (access s23, correction and deletion s24). The 14 days are DELETION_GRACE_DAYS' default.
 */
export function YourDataGuide() {
  return (
    <>
      <h2 id="your-data">Your data and privacy</h2>
      <p>
        Your account holds your profile (e-mail address, username, name, company, phone), your settings, the devices
        signed in to it, the workspaces you are a member of with their projects and links, your activity log, your
        second factors and passkeys, your plan and invoices, and a record of the mail we sent you. It is yours: you can
        correct it, take a copy and delete it, as South Africa&apos;s Protection of Personal Information Act (POPIA)
        provides.
      </p>

      <h3 id="email-change">Changing your e-mail address</h3>
      <p>
        On your <Link to="/user/profile">profile</Link>, confirm it is you, then enter the new address. We mail a link
        to the new address, valid for 24 hours and usable once: your address changes only when you open it. We also tell
        your current address as soon as the change is asked for, so a change you did not ask for does not go unnoticed:
        its &quot;this was not me&quot; link stops the change, signs out every device and takes you to set a new
        password.
      </p>

      <h3 id="export">Downloading your data</h3>
      <p>
        In <Link to="/user/settings">Settings</Link>, under Your data, download everything your account holds, every
        workspace you are a member of (with your role) and your activity log included, as a JSON file (for another
        service) or as a page to read and print. You confirm it is you first. Secrets are never in it: no password, no
        authenticator key, no codes or links that still work.
      </p>

      <h3 id="deletion">Deleting your account</h3>
      <p>
        In <Link to="/user/settings">Settings</Link>, confirm it is you and type your e-mail address. You are signed out
        on every device and your account is kept for 14 days, in case you change your mind: signing in during that time
        cancels the deletion, and we tell you so on screen and by mail. After the 14 days we erase it for good.
      </p>

      <h3 id="privacy">What we erase and what we keep</h3>
      <p>
        We erase your profile and settings, the workspaces only you are in with every project and link in them, your
        memberships, your activity log, your devices and sessions, your second factors and passkeys, your plan, pending
        codes and changes, the mail we sent you and the contact-form messages sent from your address.
      </p>
      <p>
        A workspace you share with others is not erased: it stays with its other members, with its projects and links.
        If another owner is left, it is theirs; otherwise the member who has been in it longest becomes its owner.
      </p>
      <p>
        We keep your invoices (number, date, amount and status), because tax law asks us to keep them for five years;
        they are no longer tied to your name, address or account. Backups we made before the erasure age out on their
        own schedule. Nothing else about you stays.
      </p>
    </>
  );
}
