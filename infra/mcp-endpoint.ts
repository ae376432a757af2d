import { type HttpApi, HttpMethod, PayloadFormatVersion } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Construct } from 'constructs';
import { MCP_PATH } from '../lib/mcp/path.js';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.js';

export interface McpEndpointProps extends Omit<ServiceFunctionProps, 'entry' | 'description'> {
  api: HttpApi;
}

/**
 * The MCP endpoint: its own Lambda on `ANY /mcp` of the same HTTP API. It bundles no tool: each
 * tool call is a REST request to the tool's own route (and so its own Lambda) made with the caller's
 * key, so a call through MCP meets the gateway, middleware chain, rate limit and ledger a REST call
 * does, and a browser tool keeps its own bundle and memory. GET and DELETE reach it too, to be
 * answered 405 (stateless: no stream, no session) rather than the catalog's 404.
 */
export class McpEndpoint extends Construct {
  readonly function: ServiceFunction;

  constructor(scope: Construct, id: string, props: McpEndpointProps) {
    super(scope, id);
    const { api, ...functionProps } = props;
    this.function = new ServiceFunction(this, 'Lambda', {
      ...functionProps,
      entry: `${props.projectRoot}/functions/mcp.ts`,
      description: 'MCP endpoint (Streamable HTTP, stateless): every tool and endpoint as an MCP tool.',
    });
    api.addRoutes({
      path: MCP_PATH,
      methods: [HttpMethod.ANY],
      integration: new HttpLambdaIntegration('McpIntegration', this.function.handler, {
        payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      }),
    });
  }
}
