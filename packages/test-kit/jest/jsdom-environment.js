// jsdom without the Web APIs that react-router and others expect from a browser.
import { TextDecoder, TextEncoder } from 'node:util';
import { BroadcastChannel } from 'node:worker_threads';
import JSDOMEnvironment from 'jest-environment-jsdom';

export default class BrowserLikeEnvironment extends JSDOMEnvironment {
  async setup() {
    await super.setup();
    this.global.TextEncoder ??= TextEncoder;
    this.global.TextDecoder ??= TextDecoder;
    this.global.BroadcastChannel ??= BroadcastChannel;
    this.global.structuredClone ??= structuredClone;
  }
}
