/**
 * @module docs/.vitepress/pages
 * The site's page plan: the sidebar's sections in reading order, and the pages other work is
 * writing. Read by the site's configuration and by the tests of the documentation.
 */

/** A sidebar section: its folder under `docs/` and its pages in reading order (file names without `.md`). */
export interface Section {
  text: string
  folder: string
  pages: string[]
}

export const sections: Section[] = [
  { text: 'Introduction', folder: '', pages: ['index'] },
  {
    text: 'Guide',
    folder: 'guide',
    pages: [
      'getting-started',
      'routes-and-schemas',
      'plugins-and-encapsulation',
      'hooks',
      'errors',
      'authentication',
      'database',
      'testing',
      'openapi',
      'typed-client',
      'schema-libraries',
      'migrating-from-fastify',
      'performance',
    ],
  },
  { text: 'Schema libraries', folder: 'schemas', pages: [] },
  {
    text: 'Deployment',
    folder: 'deployment',
    pages: ['index', 'docker', 'kubernetes', 'fetch', 'bun', 'deno', 'cloudflare-workers', 'aws-lambda'],
  },
  {
    text: 'Reference',
    folder: 'reference',
    pages: [
      'index',
      'factory-options',
      'instance',
      'request',
      'reply',
      'hooks',
      'errors',
      'logging',
      'diagnostics',
      'body-parsing',
      'validation',
      'serialization',
      'schema-cache',
      'types',
      'client',
      'openapi',
      'bearer-auth',
      'fastify-plugins',
    ],
  },
  { text: 'Project', folder: 'project', pages: ['contributing', 'documentation'] },
]

/**
 * Pages other work is writing: a link to one of them stays plain text until its file exists. A link
 * to any other missing page is a dead link, and fails the build.
 */
export const pendingPages = [
]
