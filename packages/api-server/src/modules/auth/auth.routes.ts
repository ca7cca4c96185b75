import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@kloof/api-contract/endpoints';
import { includes } from '../common/include-query';
import { addressTurn } from '../../lib/passwords';
import { route } from '../common/route';
import { toUserDto } from '../users/user.dto';
import { defineAuthMails } from './auth-mails';
import * as service from './auth.service';
import { logout, rotate } from './sessions.service';
import { redeemSignInLink } from './sign-in-link';

const { auth } = endpoints;

/** The message of an auth step, once its work is done. */
async function said(message: keyof typeof service.AUTH_MESSAGES, work: Promise<unknown>) {
  await work;
  return { message: service.AUTH_MESSAGES[message] };
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  defineAuthMails(app);

  route(app, auth.register, {
    preHandler: app.rateLimit('register'),
    handler: async (request, reply) => {
      await service.register(app, request.body, { ip: request.ip });
      return reply.code(201).send({ message: service.AUTH_MESSAGES.registered });
    },
  });

  // The address's limit counts failed sign-ins, not sign-ins: an office of 50 behind one address
  // signs in all day, a flood of wrong passwords from it is refused after RATE_LIMIT_LOGIN.
  const failedSignIns = (ip: string) => `login:${ip}`;
  route(app, auth.login, {
    preHandler: [
      // Without a device id it cannot be the owner's known device: refused before any other work.
      async (request) => {
        if (!request.body.device) app.passwords.refuseEarly(addressTurn(request.ip));
      },
      async (request) => app.limiter.refuseOver(failedSignIns(request.ip), app.config.rateLimits.login),
    ],
    handler: async (request) => {
      const { email, password, device } = request.body;
      const userAgent = request.headers['user-agent'];
      const answer = await service
        .login(app, email, password, { ip: request.ip, device, userAgent })
        .catch(async (error: unknown) => {
          await app.limiter.count(failedSignIns(request.ip));
          throw error;
        });
      if (!answer.signedIn)
        return { secondFactor: 'totp' as const, challenge: answer.challenge, passkey: answer.passkey };
      const { tokens, user } = answer.signedIn;
      return { ...tokens, user: toUserDto(user, includes(request.query.include, 'settings')) };
    },
  });

  route(app, auth.loginSecondFactor, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      const { challenge, code, device } = request.body;
      const caller = { ip: request.ip, device, userAgent: request.headers['user-agent'] };
      const { tokens, user } = await service.completeSecondFactor(app, challenge, code, caller);
      return { ...tokens, user: toUserDto(user, includes(request.query.include, 'settings')) };
    },
  });

  route(app, auth.refreshToken, {
    handler: async (request) => rotate(app, request.body.refreshToken, request.ip),
  });

  route(app, auth.logout, {
    handler: async (request, reply) => {
      await logout(app, request.body.refreshToken);
      return reply.code(204).send(null);
    },
  });

  route(app, auth.forgetPassword, {
    preHandler: app.rateLimit('reset'),
    handler: async (request) => said('forgot', service.forgetPassword(app, request.body.email, { ip: request.ip })),
  });

  route(app, auth.validOtp, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      await service.validOtp(app, request.body.otp, request.body.email, {
        ip: request.ip,
        device: request.body.device,
      });
      return { valid: true };
    },
  });

  route(app, auth.resetPassword, {
    preHandler: app.rateLimit('reset'),
    handler: async (request) =>
      said('reset', service.resetPassword(app, request.body, { ip: request.ip, device: request.body.device })),
  });

  route(app, auth.redeemSignInLink, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      const email = await redeemSignInLink(app, request.body.token, request.body.device);
      return { message: service.AUTH_MESSAGES.deviceApproved, email };
    },
  });

  route(app, auth.resendConfirmation, {
    preHandler: app.rateLimit('confirmation'),
    handler: async (request) =>
      said('confirmationSent', service.resendConfirmation(app, request.body.email, { ip: request.ip })),
  });

  route(app, auth.confirmAccount, {
    preHandler: app.rateLimit('otp'),
    handler: async (request) => {
      const user = await service.confirmAccount(app, request.body.email, request.body.otp, { ip: request.ip });
      return { message: service.AUTH_MESSAGES.verified, user: toUserDto(user) };
    },
  });

  route(app, auth.bootstrap, {
    preHandler: app.rateLimit('bootstrap'),
    handler: async (request, reply) => {
      const user = await service.bootstrap(app, request.body, { ip: request.ip });
      return reply.code(201).send({ message: 'SuperAdmin created. Please sign in.', user });
    },
  });
};

export default authRoutes;
