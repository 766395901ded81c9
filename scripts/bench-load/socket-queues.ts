/**
 * What the kernel holds for the app's connections, and what the app itself read but has not
 * written yet, from `ss -tin` (Linux, iproute2): per TCP socket its queues and `tcp_info` byte
 * counts. Splits a paused client's cost into socket buffers and the app's own buffering.
 */
import { execFileSync } from 'node:child_process';

interface SocketRow {
  recvQ: number;
  sendQ: number;
  bytesReceived: number;
  bytesAcked: number;
}

function sockets(filter: string): SocketRow[] {
  const out = execFileSync('ss', ['-tinH', 'state', 'established', filter], { encoding: 'utf8' });
  const rows: SocketRow[] = [];
  // Each socket is one line of addresses and queues, then an indented line of tcp_info.
  for (const line of out.split('\n')) {
    const head = /^\s*(\d+)\s+(\d+)\s+\S+\s+\S+/.exec(line);
    if (head && !line.startsWith('\t')) {
      rows.push({ recvQ: +head[1]!, sendQ: +head[2]!, bytesReceived: 0, bytesAcked: 0 });
      continue;
    }
    const row = rows[rows.length - 1];
    if (!row) continue;
    row.bytesReceived = Number(/bytes_received:(\d+)/.exec(line)?.[1] ?? row.bytesReceived);
    row.bytesAcked = Number(/bytes_acked:(\d+)/.exec(line)?.[1] ?? row.bytesAcked);
  }
  return rows;
}

export interface AppBuffers {
  /** Bytes in the kernel's queues of the app's sockets (to the clients and to the backend). */
  appSocketQueues: number;
  /** Bytes in the kernel's queues of the clients' and the backend's ends of those connections. */
  peerSocketQueues: number;
  /**
   * Read by the app from the backend but not yet handed to the kernel for a client: the app's own
   * buffering (an overstatement for Runnel by the difference between the backend's SSE framing and
   * Runnel's, a few per cent of what passed through).
   */
  appHeld: number;
}

const sum = (rows: SocketRow[], f: (r: SocketRow) => number) => rows.reduce((a, r) => a + f(r), 0);

/** The buffers of every connection to the app's port and from it to the backend's, now. */
export function appBuffers(appPort: number, backendPort: number): AppBuffers {
  // The app's ends: client-facing (local port = app) and upstream (remote port = backend).
  const appToClient = sockets(`sport = :${appPort}`);
  const clientEnds = sockets(`dport = :${appPort}`);
  const appUpstream = sockets(`dport = :${backendPort}`);
  const backendEnds = sockets(`sport = :${backendPort}`);
  // Handed to the kernel for clients = acknowledged by them + still queued (Send-Q).
  const written = sum(appToClient, (r) => r.bytesAcked + r.sendQ);
  // Taken from the kernel by the app = received from the backend − still queued (Recv-Q).
  const read = sum(appUpstream, (r) => r.bytesReceived - r.recvQ);
  return {
    appSocketQueues: sum([...appToClient, ...appUpstream], (r) => r.recvQ + r.sendQ),
    peerSocketQueues: sum([...clientEnds, ...backendEnds], (r) => r.recvQ + r.sendQ),
    appHeld: Math.max(0, read - written),
  };
}
