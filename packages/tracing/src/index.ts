export { startTracing, TRACING_OFF, type ServiceName, type Tracing } from './tracing';
export { startServerSpan, type ServerSpan } from './server-span';
export { remoteParent, TRACEPARENT, traceparentOf } from './traceparent';
