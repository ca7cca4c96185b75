import type { Page } from '@playwright/test';
import { createAccount, expect, latestMail, signIn, test, uniqueEmail } from '@kloof/test-kit/e2e';
import { violationsInEachTheme } from '@kloof/test-kit/e2e/axe';
import { api } from './support/client-api';

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, name: string) => main(page).getByRole('textbox', { name, exact: true });

test.describe('workspace members', () => {
  test('owner invites a viewer by mail; they sign up, accept, read but not change; removed, they lose it', async ({
    page,
    browser,
  }) => {
    const owner = await createAccount();
    const workspace = await api<{ id: string }>(owner, 'POST', 'workspaces', { name: 'Harbour launch' });
    const project = await api<{ id: string }>(owner, 'POST', 'projects', {
      workspaceId: workspace.id,
      name: 'Booking app',
    });

    // The owner invites by e-mail with a role, on the workspace's members page.
    await signIn(page, owner, `/workspaces/${workspace.id}/members`);
    await expect(main(page).getByRole('heading', { name: 'Members of Harbour launch' })).toBeVisible();
    const email = uniqueEmail('invitee');
    const invite = main(page).getByRole('form', { name: 'Invite a member' });
    await invite.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await invite.getByRole('combobox', { name: 'Role' }).selectOption('viewer');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(main(page).getByRole('list', { name: 'Pending invitations' })).toContainText(email);

    // The mail's link, read from the outbox.
    const mail = await latestMail(email, { subject: /invited you/ });
    const link = /https?:\/\/\S+\/invitations#[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const invitation = new URL(link!);

    // The invitee, in a browser of their own, signs up with the invited address and opens the link again.
    const invitee = await browser.newPage();
    await invitee.goto(invitation.pathname + invitation.hash);
    await expect(main(invitee).getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
    await main(invitee).getByRole('link', { name: 'Create an account' }).click();
    const password = 'a-long-enough-password';
    await field(invitee, 'Name').fill('Sipho Dlamini');
    await field(invitee, 'E-mail address').fill(email);
    await field(invitee, 'Password').fill(password);
    await invitee.getByRole('button', { name: 'Create account' }).click();
    await expect(invitee).toHaveURL(/\/auth\/account-verification\?email=/);
    const { code } = await latestMail(email, { subject: /Verify/ });
    await field(invitee, 'Verification code').fill(code!);
    await invitee.getByRole('button', { name: 'Verify account' }).click();
    await field(invitee, 'Password').fill(password);
    await invitee.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(invitee).toHaveURL(/:\d+\/$/);
    await invitee.goto(invitation.pathname + invitation.hash);
    await expect(main(invitee)).toContainText('Harbour launch');
    await main(invitee).getByRole('button', { name: 'Accept invitation' }).click();

    // A member sees the workspace's projects; a viewer gets no Edit or Delete.
    await expect(invitee).toHaveURL(new RegExp(`/projects\\?workspace=${workspace.id}`));
    const projects = main(invitee).getByRole('list', { name: 'Projects' });
    await expect(projects).toContainText('Booking app');
    await expect(projects.getByRole('button', { name: 'Edit Booking app' })).toHaveCount(0);
    await expect(projects.getByRole('button', { name: 'Delete Booking app' })).toHaveCount(0);

    // The owner removes them, after a confirmation whose Cancel has the focus.
    await page.reload();
    const members = main(page).getByRole('list', { name: 'Members' });
    await members.getByRole('button', { name: /^Remove / }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Remove member' }).click();
    await expect(members).not.toContainText(email);

    // At their next request the project is gone for them.
    await invitee.goto(`/projects?workspace=${workspace.id}`);
    await expect(main(invitee)).not.toContainText('Booking app');
    const answer = await invitee.evaluate(async (id) => {
      const response = await fetch(`/v1/projects/${id}`, {
        headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      });
      return response.status;
    }, project.id);
    expect(answer).toBe(404);
    await invitee.close();
  });

  test('the members page and the invitation page: no axe violations in either theme, nothing wider than 375 px', async ({
    page,
  }) => {
    const owner = await createAccount();
    const workspace = await api<{ id: string }>(owner, 'POST', 'workspaces', { name: 'Stellenbosch vineyards' });
    await api(owner, 'POST', `workspaces/${workspace.id}/invitations`, {
      email: uniqueEmail('pending'),
      role: 'editor',
    });
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, owner, `/workspaces/${workspace.id}/members`);
    await expect(main(page).getByRole('list', { name: 'Pending invitations' })).toBeVisible();
    const found: Record<string, unknown> = {};
    const overflow: Record<string, number> = {};
    for (const path of [`/workspaces/${workspace.id}/members`, '/invitations#not-a-real-token']) {
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const onPage = await violationsInEachTheme(page);
      if (Object.keys(onPage).length > 0) found[path] = onPage;
      const wider = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (wider > 0) overflow[path] = wider;
    }
    expect({ found, overflow }).toEqual({ found: {}, overflow: {} });
  });
});
