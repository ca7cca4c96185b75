import { useNavigate } from 'react-router-dom';
import { signOut } from '@kloof/auth';
import { TextLink } from '../../forms/components/TextLink';

/**
 * For a signed-in user who is not verified yet: every other page sends them back here, so this
 * page offers the ways out. Log out (the product's logout page), or sign in as someone else.
 */
export function SwitchAccount() {
  const navigate = useNavigate();
  const switchAccount = async (): Promise<void> => {
    await signOut();
    void navigate('/auth/login', { replace: true });
  };
  return (
    <>
      <span>
        Not your account?{' '}
        <button
          type="button"
          onClick={() => void switchAccount()}
          css={(theme) => ({
            font: 'inherit',
            fontWeight: 600,
            color: theme.colors.primary,
            background: 'none',
            border: 'none',
            padding: 0,
            textDecoration: 'underline',
            cursor: 'pointer',
          })}
        >
          Use another account
        </button>
      </span>
      <span>
        <TextLink to="/user/logout">Log out</TextLink>
      </span>
    </>
  );
}
