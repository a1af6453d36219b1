import type { AppConfig } from './config.js';

const redactPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function loggerOptions(config: AppConfig) {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        // A reset link's token must never reach a log line.
        return {
          method: request.method,
          url: request.url.replace(/token=[^&]*/g, 'token=[redacted]'),
          ip: request.ip,
        };
      },
    },
    ...(process.stdout.isTTY && config.env !== 'production'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}
