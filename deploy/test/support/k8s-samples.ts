/**
 * Valid objects of every kind the manifests use, written the way a platform team would (not copied from k8s/: these
 * test the validator, the manifests are tested against it elsewhere). Each call returns a fresh copy to break.
 */

const labels = { 'app.kubernetes.io/name': 'gateway', 'app.kubernetes.io/part-of': 'regapi' };

const restrictedContainerSecurity = {
  runAsNonRoot: true,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
  seccompProfile: { type: 'RuntimeDefault' },
};

function podSpec() {
  return {
    automountServiceAccountToken: false,
    serviceAccountName: 'gateway',
    terminationGracePeriodSeconds: 45,
    securityContext: {
      runAsNonRoot: true,
      runAsUser: 10001,
      fsGroup: 10001,
      seccompProfile: { type: 'RuntimeDefault' },
    },
    topologySpreadConstraints: [
      {
        maxSkew: 1,
        topologyKey: 'topology.kubernetes.io/zone',
        whenUnsatisfiable: 'ScheduleAnyway',
        labelSelector: { matchLabels: labels },
      },
    ],
    containers: [
      {
        name: 'gateway',
        image: 'registry.example.com/regapi:1.4.2',
        args: ['node', 'services/gateway/dist/main.js'],
        ports: [
          { name: 'http', containerPort: 8080, protocol: 'TCP' },
          { name: 'metrics', containerPort: 9464 },
        ],
        env: [
          { name: 'NODE_ENV', value: 'production' },
          { name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: 'regapi-database', key: 'url' } } },
        ],
        envFrom: [{ configMapRef: { name: 'regapi-settings' } }],
        resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { cpu: 1, memory: '512Mi' } },
        startupProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 2, failureThreshold: 30 },
        livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10 },
        readinessProbe: { httpGet: { path: '/readyz', port: 8080 }, periodSeconds: 5 },
        securityContext: restrictedContainerSecurity,
        volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
      },
    ],
    volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
  };
}

export function deployment() {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    // kubectl-generated YAML carries nulls like this one; the API server reads them as unset
    metadata: { name: 'gateway', namespace: 'regapi', labels, creationTimestamp: null },
    spec: {
      replicas: 3,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } },
      selector: { matchLabels: labels },
      template: {
        metadata: { labels, annotations: { 'kubectl.kubernetes.io/default-container': 'gateway' } },
        spec: podSpec(),
      },
    },
  };
}

export function statefulSet() {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'postgres', namespace: 'regapi' },
    spec: {
      serviceName: 'postgres',
      replicas: 1,
      selector: { matchLabels: { app: 'postgres' } },
      template: {
        metadata: { labels: { app: 'postgres' } },
        spec: {
          containers: [
            {
              name: 'postgres',
              image: 'postgres:17.2',
              ports: [{ name: 'postgres', containerPort: 5432 }],
              volumeMounts: [{ name: 'data', mountPath: '/var/lib/postgresql/data' }],
              readinessProbe: { exec: { command: ['pg_isready', '-U', 'postgres'] } },
            },
          ],
        },
      },
      volumeClaimTemplates: [
        {
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '10Gi' } } },
        },
      ],
    },
  };
}

export function migrationJob() {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: 'regapi-migrate', namespace: 'regapi' },
    spec: {
      backoffLimit: 3,
      ttlSecondsAfterFinished: 3600,
      template: {
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'migrate',
              image: 'registry.example.com/regapi:1.4.2',
              args: ['node', 'libs/db/dist/migrate-cli.js'],
            },
          ],
        },
      },
    },
  };
}

export function service() {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'gateway', namespace: 'regapi', labels },
    spec: {
      selector: labels,
      ports: [
        { name: 'http', port: 80, targetPort: 'http' },
        { name: 'metrics', port: 9464, targetPort: 9464 },
      ],
    },
  };
}

export function configMap() {
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'regapi-settings', namespace: 'regapi' },
    data: { LOG_LEVEL: 'info', ORIGIN_URL: 'http://origin-simulator:8090' },
  };
}

export function secret() {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'regapi-database', namespace: 'regapi' },
    type: 'Opaque',
    data: { url: Buffer.from('postgres://regapi@postgres/regapi').toString('base64') },
  };
}

export function serviceAccount() {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: { name: 'gateway', namespace: 'regapi' },
    automountServiceAccountToken: false,
  };
}

export function persistentVolumeClaim() {
  return {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name: 's3-data', namespace: 'regapi' },
    spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '5Gi' } } },
  };
}

export function podDisruptionBudget() {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'gateway', namespace: 'regapi' },
    spec: { minAvailable: 1, selector: { matchLabels: labels } },
  };
}

export function horizontalPodAutoscaler() {
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'gateway', namespace: 'regapi' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' },
      minReplicas: 3,
      maxReplicas: 12,
      metrics: [
        { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  };
}

export function gateway() {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'Gateway',
    metadata: { name: 'public', namespace: 'regapi', annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' } },
    spec: {
      gatewayClassName: 'envoy-gateway',
      listeners: [
        {
          name: 'api',
          hostname: 'api.example.com',
          protocol: 'HTTPS',
          port: 443,
          tls: { mode: 'Terminate', certificateRefs: [{ name: 'api-tls' }] },
          allowedRoutes: { namespaces: { from: 'Same' } },
        },
      ],
    },
  };
}

export function httpRoute() {
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'public-api', namespace: 'regapi' },
    spec: {
      parentRefs: [{ name: 'public', sectionName: 'api' }],
      rules: [
        {
          matches: [{ path: { type: 'PathPrefix', value: '/v1' } }],
          backendRefs: [{ name: 'gateway', port: 8080 }],
        },
      ],
    },
  };
}

export function clientTrafficPolicy() {
  return {
    apiVersion: 'gateway.envoyproxy.io/v1alpha1',
    kind: 'ClientTrafficPolicy',
    metadata: { name: 'public', namespace: 'regapi' },
    spec: {
      targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'public' }],
      timeout: { http: { requestHeadersReceivedTimeout: '10s', requestReceivedTimeout: '30s' } },
    },
  };
}

export function backendTrafficPolicy() {
  return {
    apiVersion: 'gateway.envoyproxy.io/v1alpha1',
    kind: 'BackendTrafficPolicy',
    metadata: { name: 'public-api-body', namespace: 'regapi' },
    spec: {
      targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'public-api' }],
      requestBuffer: { limit: '1Mi' },
    },
  };
}

export function networkPolicy() {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: { name: 'gateway', namespace: 'regapi' },
    spec: {
      podSelector: { matchLabels: labels },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' } },
              podSelector: { matchLabels: { 'gateway.envoyproxy.io/owning-gateway-name': 'public' } },
            },
          ],
          ports: [{ protocol: 'TCP', port: 'http' }],
        },
      ],
      egress: [{ to: [{ podSelector: { matchLabels: { 'cnpg.io/cluster': 'regapi-db' } } }], ports: [{ port: 5432 }] }],
    },
  };
}

export function role() {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'read-config', namespace: 'regapi' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }],
  };
}

export function roleBinding() {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'gateway-read-config', namespace: 'regapi' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'read-config' },
    subjects: [{ kind: 'ServiceAccount', name: 'gateway', namespace: 'regapi' }],
  };
}

export function cnpgCluster() {
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Cluster',
    metadata: { name: 'regapi-db', namespace: 'regapi' },
    spec: {
      instances: 3,
      imageName: 'ghcr.io/cloudnative-pg/postgresql:17.2',
      primaryUpdateStrategy: 'unsupervised',
      storage: { size: '20Gi', storageClass: 'standard' },
      resources: { requests: { cpu: '500m', memory: '1Gi' }, limits: { memory: '1Gi' } },
      bootstrap: { initdb: { database: 'regapi', owner: 'regapi', secret: { name: 'regapi-db-owner' } } },
      postgresql: { parameters: { max_connections: '200' } },
      monitoring: { enablePodMonitor: false },
      affinity: { topologyKey: 'topology.kubernetes.io/zone' },
    },
  };
}

export function cnpgScheduledBackup() {
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'ScheduledBackup',
    metadata: { name: 'regapi-db-daily', namespace: 'regapi' },
    spec: { schedule: '0 0 3 * * *', backupOwnerReference: 'self', cluster: { name: 'regapi-db' } },
  };
}

export function rabbitmqCluster() {
  return {
    apiVersion: 'rabbitmq.com/v1beta1',
    kind: 'RabbitmqCluster',
    metadata: { name: 'regapi-mq', namespace: 'regapi' },
    spec: {
      replicas: 3,
      image: 'rabbitmq:4.2.9-management',
      resources: { requests: { cpu: 1, memory: '2Gi' }, limits: { memory: '2Gi' } },
      persistence: { storage: '10Gi' },
      rabbitmq: { additionalConfig: 'cluster_partition_handling = pause_minority\n' },
      override: {
        statefulSet: {
          spec: {
            template: {
              spec: {
                containers: [{ name: 'rabbitmq', env: [{ name: 'RABBITMQ_LOGS', value: '-' }] }],
              },
            },
          },
        },
      },
    },
  };
}

export function serviceMonitor() {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'ServiceMonitor',
    metadata: { name: 'gateway', namespace: 'regapi', labels: { release: 'prometheus' } },
    spec: {
      selector: { matchLabels: labels },
      namespaceSelector: { matchNames: ['regapi'] },
      endpoints: [{ port: 'metrics', path: '/metrics', interval: '15s', scrapeTimeout: '10s' }],
    },
  };
}

export function podMonitor() {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PodMonitor',
    metadata: { name: 'origin-session', namespace: 'regapi' },
    spec: {
      selector: { matchLabels: { 'app.kubernetes.io/name': 'origin-session' } },
      podMetricsEndpoints: [{ port: 'metrics', interval: '15s' }],
    },
  };
}

export function prometheusRule() {
  return {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'regapi', namespace: 'regapi' },
    spec: {
      groups: [
        {
          name: 'regapi.slo',
          interval: '30s',
          rules: [
            { record: 'regapi:http_requests:rate5m', expr: 'sum(rate(http_server_duration_seconds_count[5m]))' },
            {
              alert: 'RegapiGatewayDown',
              expr: 'up{job="gateway"} == 0',
              for: '5m',
              labels: { severity: 'page' },
              annotations: { summary: 'gateway is down', runbook_url: 'https://example.com/runbooks#gateway-down' },
            },
          ],
        },
      ],
    },
  };
}

export function externalSecret() {
  return {
    apiVersion: 'external-secrets.io/v1',
    kind: 'ExternalSecret',
    metadata: { name: 'regapi-amqp', namespace: 'regapi' },
    spec: {
      refreshInterval: '1h',
      secretStoreRef: { kind: 'ClusterSecretStore', name: 'regapi-secrets' },
      target: {
        name: 'regapi-amqp',
        template: { data: { AMQP_URL: 'amqp://{{ .username | urlquery }}:{{ .password | urlquery }}@regapi-mq:5672' } },
      },
      data: [
        { secretKey: 'username', remoteRef: { key: 'regapi/rabbitmq', property: 'username' } },
        { secretKey: 'password', remoteRef: { key: 'regapi/rabbitmq', property: 'password' } },
      ],
    },
  };
}

/** One valid object of every kind above, by name for the test titles. */
export const VALID_SAMPLES: Readonly<Record<string, () => Record<string, unknown>>> = {
  deployment,
  statefulSet,
  migrationJob,
  service,
  configMap,
  secret,
  serviceAccount,
  persistentVolumeClaim,
  podDisruptionBudget,
  horizontalPodAutoscaler,
  gateway,
  httpRoute,
  clientTrafficPolicy,
  backendTrafficPolicy,
  networkPolicy,
  role,
  roleBinding,
  cnpgCluster,
  cnpgScheduledBackup,
  rabbitmqCluster,
  serviceMonitor,
  podMonitor,
  prometheusRule,
  externalSecret,
};
