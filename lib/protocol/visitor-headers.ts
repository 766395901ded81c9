/**
 * Headers the embedded widget adds to its `/api/chat` requests, shared by the browser and the
 * server. Visitors never sign in; these say which visitor (a random id kept in the widget's own,
 * partitioned storage) and on which site, so limits can count them.
 */
export const VISITOR_HEADER = 'x-runnel-visitor';
/** The embedding page's origin, as the widget verified it in its handshake. */
export const HOST_ORIGIN_HEADER = 'x-runnel-host-origin';
