import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import express, { type Request } from 'express';
import type { LimbicConfig } from '@limbic/config';
import { findWebDir, mountWebPage, pageHeaders } from './web-pages';

export const GRAPHQL_PATH = '/graphql';
/** The IDE's own files (apps/web/graphiql), and settings.json, which tells it about this API. */
export const IDE_PATH = `${GRAPHQL_PATH}/ide`;

/** What the page needs to know of the configuration; nothing it tells is secret. */
export interface IdeSettings {
  readonly keyRequired: boolean;
  readonly introspection: boolean;
}

export function ideSettings(config: Pick<LimbicConfig, 'singleTenant' | 'introspection'>): IdeSettings {
  return { keyRequired: !config.singleTenant, introspection: config.introspection };
}

/**
 * A browser navigating to the endpoint: GET of /graphql itself, no operation in the query
 * string, HTML preferred to JSON. Everything else (POST, `?query=`, a client's Accept) is a
 * GraphQL request for Apollo.
 */
export function isIdeNavigation(req: Pick<Request, 'method' | 'originalUrl' | 'accepts'>): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && !req.originalUrl.includes('?') && req.accepts(['application/json', 'text/html']) === 'text/html';
}

/**
 * GraphiQL at /graphql for browsers, bundled with the API (no CDN). Mounted before the key
 * check: the page and its settings hold no data, while every operation it sends is a POST to
 * /graphql with the key the person typed in. Apollo's own landing page is off (app.module).
 */
export function mountGraphqlIde(app: INestApplication, config: Pick<LimbicConfig, 'singleTenant' | 'introspection'>): void {
  const index = join(findWebDir('graphiql'), 'index.html');
  const settings = ideSettings(config);
  const router = express.Router();
  router.get('/', (req, res, next) => {
    if (!isIdeNavigation(req)) return next();
    // The same URL answers JSON to clients: caches must key on Accept.
    res.setHeader('Vary', 'Accept');
    res.setHeader('Cache-Control', 'no-store');
    pageHeaders()(req, res, () =>
      res.sendFile(index, (err?: Error) => {
        if (err) next(err);
      }),
    );
  });
  router.get('/ide/settings.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(settings);
  });
  app.use(GRAPHQL_PATH, router);
  mountWebPage(app, { path: IDE_PATH, page: 'graphiql' });
}
