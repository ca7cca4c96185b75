import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { includes } from '../common/include-query';
import { route } from '../common/route';
import { toUserDto } from '../users/user.dto';
import {
  secondFactorWithPasskey,
  signInWithPasskey,
  startPasskeySecondFactor,
  startPasskeySignIn,
} from './passkey-sign-in.service';

const { auth } = endpoints;

/**
 * Signing in with a passkey: alone, or as the second factor after the password. Limited per address;
 * a passkey alone has its own bucket, so asking for options never uses up that address's password sign-ins.
 */
const passkeySignInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, auth.startPasskeySignIn, {
    preHandler: app.rateLimit('passkey'),
    handler: async () => startPasskeySignIn(app),
  });

  route(app, auth.loginWithPasskey, {
    preHandler: app.rateLimit('passkey'),
    handler: async (request) => {
      const { ceremony, response, device } = request.body;
      const caller = { ip: request.ip, device, userAgent: request.headers['user-agent'] };
      const { tokens, user } = await signInWithPasskey(app, ceremony, response, caller);
      return { ...tokens, user: toUserDto(user, includes(request.query.include, 'settings')) };
    },
  });

  route(app, auth.startPasskeySecondFactor, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => startPasskeySecondFactor(app, request.body.challenge),
  });

  route(app, auth.loginSecondFactorPasskey, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      const { device, ...input } = request.body;
      const caller = { ip: request.ip, device, userAgent: request.headers['user-agent'] };
      const { tokens, user } = await secondFactorWithPasskey(app, input, caller);
      return { ...tokens, user: toUserDto(user, includes(request.query.include, 'settings')) };
    },
  });
};

export default passkeySignInRoutes;
