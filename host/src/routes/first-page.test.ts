import { describe, expect, it } from '@jest/globals';
import { publicPageAt } from './first-page';

describe('publicPageAt', () => {
  it('finds the public page of a path, with or without a trailing slash', () => {
    expect(publicPageAt('/')).toMatchObject({ remote: 'marketing', module: './Home' });
    expect(publicPageAt('/pricing/')).toMatchObject({ remote: 'marketing', module: './Pricing' });
    expect(publicPageAt('/careers/junior-digital-assistant')).toMatchObject({ remote: 'marketing' });
  });

  it('leaves guarded and unknown paths to the app', () => {
    expect(publicPageAt('/auth/login')).toBeUndefined();
    expect(publicPageAt('/dashboard')).toBeUndefined();
    expect(publicPageAt('/manage/users')).toBeUndefined();
    expect(publicPageAt('/no-such-page')).toBeUndefined();
  });
});
