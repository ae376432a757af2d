import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { tools } from '../lib/tools/registry.js';
import { DEFAULT_SECRET_NAME, ExtractionServiceStack } from './stack.js';

/**
 * The browser tier in the stack, read from the template (bundling skipped): the layer on every tool
 * that renders, the VPC seat and the host's address for the tools that keep sessions, and the host
 * as one Fargate task behind an internal load balancer, its image built at deploy, never at synth.
 */

const outdir = mkdtempSync(join(tmpdir(), 'browser-tier-test-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
const stack = new ExtractionServiceStack(app, 'Browser', { env: { region: 'us-east-1' } });
const template = Template.fromStack(stack);
const functions = template.findResources('AWS::Lambda::Function');

function functionOf(toolName: string) {
  const found = Object.values(functions).find((fn) => fn.Properties.Description?.startsWith(`${toolName}: `));
  if (!found) throw new Error(`no function for ${toolName}`);
  return found.Properties;
}

describe('the browser tier', () => {
  it('gives every tool that renders the browser layer, x86_64 and 2048 MB', () => {
    const layers = template.findResources('AWS::Lambda::LayerVersion');
    expect(Object.keys(layers)).toHaveLength(1);
    const [layerId] = Object.keys(layers);
    expect(layers[layerId].Properties.CompatibleArchitectures).toEqual(['x86_64']);
    for (const tool of tools) {
      const fn = functionOf(tool.name);
      if (tool.browser) {
        expect(fn.Layers, tool.name).toEqual([{ Ref: layerId }]);
        expect(fn.Architectures).toEqual(['x86_64']);
        expect(fn.Environment.Variables.BROWSER_EXECUTABLE_PATH).toBe('sparticuz');
      } else {
        expect(fn.Layers, tool.name).toBeUndefined();
        expect(fn.Architectures).toEqual(['arm64']);
      }
    }
    expect(
      tools
        .filter((tool) => tool.browser)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual([
      'agent',
      'browser_session',
      'extract_embedded_state',
      'extract_links',
      'extract_text',
      'form_submit',
      'scrape',
      'scrape_with_actions',
      'stealth_mode',
    ]);
  });

  it('puts only the session tools in the VPC, with the host’s address and token', () => {
    for (const tool of tools) {
      const fn = functionOf(tool.name);
      if (tool.browser?.host) {
        expect(fn.VpcConfig?.SubnetIds, tool.name).toHaveLength(2);
        expect(fn.Environment.Variables).toMatchObject({
          BROWSER_HOST_URL: expect.anything(),
          BROWSER_HOST_TOKEN: `{{resolve:secretsmanager:${DEFAULT_SECRET_NAME}:SecretString:BROWSER_HOST_TOKEN::}}`,
        });
      } else {
        expect(fn.VpcConfig, tool.name).toBeUndefined();
        expect(fn.Environment.Variables.BROWSER_HOST_URL).toBeUndefined();
      }
    }
    expect(
      tools
        .filter((tool) => tool.browser?.host)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['browser_session', 'stealth_mode']);
  });

  it('runs the host as one Fargate task behind an internal load balancer with a health check', () => {
    template.resourceCountIs('AWS::ECS::Service', 1);
    template.hasResourceProperties('AWS::ECS::Service', {
      DesiredCount: 1,
      LaunchType: 'FARGATE',
      DeploymentConfiguration: Match.objectLike({
        DeploymentCircuitBreaker: { Enable: true, Rollback: true },
      }),
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::LoadBalancer', { Scheme: 'internal' });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', {
      HealthCheckPath: '/health',
      Port: 80,
    });
    template.hasResourceProperties('AWS::ECS::TaskDefinition', {
      Cpu: '2048',
      Memory: '4096',
      ContainerDefinitions: [
        Match.objectLike({
          PortMappings: [Match.objectLike({ ContainerPort: 8080 })],
          Environment: Match.arrayWith([{ Name: 'BROWSER_EXECUTABLE_PATH', Value: '/usr/bin/chromium' }]),
          Secrets: Match.arrayWith([Match.objectLike({ Name: 'BROWSER_HOST_TOKEN' })]),
        }),
      ],
    });
  });

  it('lets only the session tools’ security group reach the load balancer', () => {
    const ingress = Object.values(template.findResources('AWS::EC2::SecurityGroupIngress')).concat(
      Object.values(template.findResources('AWS::EC2::SecurityGroup')).flatMap(
        (group) => group.Properties.SecurityGroupIngress ?? [],
      ),
    );
    expect(JSON.stringify(ingress)).not.toContain('0.0.0.0/0');
  });

  it('stages the host image for deploy-time build from the Dockerfile, without building it', () => {
    const assembly = app.synth();
    const manifest = JSON.parse(
      readFileSync(join(assembly.directory, `${stack.stackName}.assets.json`), 'utf8'),
    );
    const images = Object.values(manifest.dockerImages ?? {}) as Array<{
      source: { directory: string; dockerFile: string };
    }>;
    expect(images).toHaveLength(1);
    expect(images[0].source.dockerFile).toBe('infra/browser-host/Dockerfile');
    // Only the context is staged: the build happens when `cdk deploy` publishes it.
    expect(
      existsSync(join(assembly.directory, images[0].source.directory, 'infra/browser-host/Dockerfile')),
    ).toBe(true);
    expect(existsSync(join(assembly.directory, images[0].source.directory, 'node_modules'))).toBe(false);
  });
});
