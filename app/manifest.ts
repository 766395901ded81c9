import type { MetadataRoute } from 'next';

/** The web app manifest (`/manifest.webmanifest`): Runnel can be installed as an app. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Runnel',
    short_name: 'Runnel',
    description: 'Chat with OpenAI-compatible inference backends.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#0f766e',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
