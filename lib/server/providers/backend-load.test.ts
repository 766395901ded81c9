import { describe, expect, it } from 'vitest';
import { parseBackendLoad } from './backend-load';

describe("a backend's load from its metrics page", () => {
  it("reads vLLM's gauges, summed over models", () => {
    const page = [
      '# HELP vllm:num_requests_running Number of requests in model execution batches.',
      '# TYPE vllm:num_requests_running gauge',
      'vllm:num_requests_running{engine="0",model_name="qwen"} 7.0',
      'vllm:num_requests_running{engine="0",model_name="llama"} 5.0',
      'vllm:num_requests_waiting{engine="0",model_name="qwen"} 4.0',
      'vllm:gpu_cache_usage_perc{engine="0",model_name="qwen"} 0.5',
    ].join('\n');
    expect(parseBackendLoad(page)).toEqual({ running: 12, waiting: 4 });
  });

  it("reads llama.cpp's (requests processing and deferred)", () => {
    const page = [
      '# TYPE llamacpp:requests_processing gauge',
      'llamacpp:requests_processing 2',
      'llamacpp:requests_deferred 3',
    ].join('\n');
    expect(parseBackendLoad(page)).toEqual({ running: 2, waiting: 3 });
  });

  it('says nothing for a page without either gauge (not metrics, another engine)', () => {
    expect(parseBackendLoad('<html>Not found</html>')).toBeUndefined();
    expect(parseBackendLoad('process_cpu_seconds_total 12')).toBeUndefined();
  });
});
