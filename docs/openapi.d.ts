// docs/openapi.d.ts: the TypeScript types of docs/openapi.json, written by `pnpm openapi` with openapi-typescript
// (default options). Do not edit: libs/contracts tests fail while it differs from what the generator writes.

export interface paths {
    "/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Verificar o token
         * @description Verifica o token e seus escopos sem uma chamada paga (contract 5.5): de graça, nunca chama a origem. Qualquer token válido; nenhum escopo.
         */
        get: operations["verificarToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/extrato": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extrato da conta
         * @description Só a conta do token: toda recarga, débito, devolução e ajuste, na ordem aplicada, com o saldo depois de cada um. De graça; nenhum escopo (decisão 0018). Um dia que não existe, um parâmetro repetido, de depois de ate ou mais de 366 dias: 422 nomeando de ou ate.
         */
        get: operations["extrato"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/extrato/mensal/{mes}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Extrato mensal fechado (PDF ou CSV)
         * @description Só a conta do token: o demonstrativo de um mês já fechado no horário de Brasília (saldo inicial, cada lançamento, saldo final e totais por produto), os mesmos bytes guardados no fechamento, que nunca mudam (decisões 0105, 0106). PDF por padrão; CSV com formato=csv ou Accept: text/csv (formato vence o Accept). De graça; nenhum escopo. Mês que não é AAAA-MM, anterior a 2000 ou que ainda não começou, ou formato inválido: 422 nomeando mes ou formato; o mês em curso, ou um mês encerrado cujo fechamento ainda não rodou: 409; um mês anterior à conta: 404. Erros são o envelope JSON.
         */
        get: operations["extratoMensal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/saldo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Saldo da conta
         * @description Só a conta do token: o saldo, o limite de saldo baixo e quanto está reservado em pedidos ainda não liquidados (decisão 0091). De graça; nenhum escopo; nunca chama a origem.
         */
        get: operations["saldo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status dos produtos
         * @description Um item de data por produto: em serviço ou não, a espera prevista de um pedido feito agora e, na última hora, a taxa de sucesso e os tempos p50/p95 da aceitação à conclusão (decisão 0092). O mesmo para todos os clientes, lido de novo a cada poucos segundos. De graça; nenhum escopo; nunca chama a origem.
         */
        get: operations["status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Pedidos da conta
         * @description Só a conta do token: seus pedidos, o aceito mais recente primeiro, uma página por chamada (data[0].consultas) e data[0].proximo_cursor para a seguinte; a ordem não muda com pedidos novos chegando entre as páginas. Filtros combináveis; de e ate são dias da aceitação no horário de Brasília, como no extrato (só um deles: o outro segue o padrão do extrato). Um parâmetro desconhecido, repetido ou inválido: 422 nomeando-o. De graça; nenhum escopo.
         */
        get: operations["listarConsultas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/pesquisa-previa-bens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: Pesquisa prévia de bens
         * @description Preço e disponibilidade do alvo real, de graça: não executa, não cobra (header.billable false, header.price 0), nunca chama a origem (o preço vem do catálogo local mais a margem do plano). O orçamento é o único número que bate com a cobrança. Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo (422, campo a campo) → orçamento (200 ou 602).
         */
        post: operations["orcarPesquisaPreviaBens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/pesquisa-previa-bens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: Pesquisa prévia de bens (pago)
         * @description Executa a consulta e debita a conta pré-paga: um ato de registro pago, que não se desfaz (contract 1.4). A consulta roda numa fila: acompanhe em GET /v1/consultas/{protocolo}. Tempo máximo na origem: 180 s (contract 8). Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo e Idempotency-Key (422, juntos) → idempotência → orçamento (602) → bloqueio de pedido (602) → pedidos em aberto no limite do plano (429, com Retry-After; decisão 0084) → saldo (402) → aceito (202, debitado). Nada é cobrado em nenhuma recusa.
         */
        post: operations["executarPesquisaPreviaBens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/visualizacao-matricula": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: Visualização de matrícula
         * @description Preço e disponibilidade do alvo real, de graça: não executa, não cobra (header.billable false, header.price 0), nunca chama a origem (o preço vem do catálogo local mais a margem do plano). O orçamento é o único número que bate com a cobrança. Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:visualizacao-matricula (403) → corpo (422, campo a campo) → orçamento (200 ou 602). Produto em BETA (contract 9.6).
         */
        post: operations["orcarVisualizacaoMatricula"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/visualizacao-matricula": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: Visualização de matrícula (pago)
         * @description Executa a consulta e debita a conta pré-paga: um ato de registro pago, que não se desfaz (contract 1.4). A consulta roda numa fila: acompanhe em GET /v1/consultas/{protocolo}. Tempo máximo na origem: 540 s (contract 8). Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:visualizacao-matricula (403) → corpo e Idempotency-Key (422, juntos) → idempotência → orçamento (602) → bloqueio de pedido (602) → pedidos em aberto no limite do plano (429, com Retry-After; decisão 0084) → saldo (402) → aceito (202, debitado). Nada é cobrado em nenhuma recusa. Produto em BETA (contract 9.6).
         */
        post: operations["executarVisualizacaoMatricula"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/certidao-inteiro-teor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: Certidão de inteiro teor
         * @description Preço e disponibilidade do alvo real, de graça: não executa, não cobra (header.billable false, header.price 0), nunca chama a origem (o preço vem do catálogo local mais a margem do plano). O orçamento é o único número que bate com a cobrança. Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:certidao-inteiro-teor (403) → corpo (422, campo a campo) → orçamento (200 ou 602). Produto em BETA (contract 9.6).
         */
        post: operations["orcarCertidaoInteiroTeor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/certidao-inteiro-teor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: Certidão de inteiro teor (pago)
         * @description Executa a consulta e debita a conta pré-paga: um ato de registro pago, que não se desfaz (contract 1.4). A consulta roda numa fila: acompanhe em GET /v1/consultas/{protocolo}. Tempo máximo na origem: 540 s (contract 8). Ordem das verificações: token (401) → redes permitidas do token (403) → limite (429) → escopo consultas:certidao-inteiro-teor (403) → corpo e Idempotency-Key (422, juntos) → idempotência → orçamento (602) → bloqueio de pedido (602) → pedidos em aberto no limite do plano (429, com Retry-After; decisão 0084) → saldo (402) → aceito (202, debitado). Nada é cobrado em nenhuma recusa. Produto em BETA (contract 9.6).
         */
        post: operations["executarCertidaoInteiroTeor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/{protocolo}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resultado de uma consulta
         * @description Lê só o estado guardado: nunca cobra (header.billable false, header.price 0: o 202 da execução já cobrou) e nunca chama a origem (contract 4, regra de execução 6). Qualquer token da conta que fez o pedido; nenhum escopo de produto. Protocolo de outra conta, inexistente ou não numérico: o mesmo 404 (contract 5.6).
         */
        get: operations["consultarResultado"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/{protocolo}/documento": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documento arquivado de uma consulta (PDF)
         * @description A cópia arquivada pelo serviço (o documento_url do resultado): o PDF da visualização, da certidão ou, na pesquisa prévia, o comprovante impresso da origem. Mesmo Bearer, não expira, nenhum escopo de produto (decisão 0031). Erros são o envelope JSON.
         */
        get: operations["baixarDocumento"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Cabeçalhos do documento arquivado, sem o corpo
         * @description O mesmo que GET /v1/consultas/{protocolo}/documento, com os mesmos status e cabeçalhos (Content-Length, ETag, Last-Modified, Accept-Ranges), sem corpo (RFC 9110): para saber o tamanho e o ETag antes de baixar.
         */
        head: operations["conferirDocumento"];
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/pesquisa-previa-bens/nacional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: pesquisa prévia em todas as UFs ofertadas
         * @description De graça, nunca chama a origem. Cota a pesquisa prévia em cada UF e devolve só as UFs ofertadas (contract 7.9), cada uma com seu preço, e a soma; as demais em ufs_nao_ofertadas com o motivo. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo (422) → orçamento (200 ou 602).
         */
        post: operations["orcarPesquisaNacional"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/pesquisa-previa-bens/nacional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: pesquisa prévia em todas as UFs ofertadas (pago)
         * @description Uma chamada, uma Idempotency-Key, um pedido por UF ofertada (contract 1: 26 pesquisas, 26 cobranças), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (saldo que não cobre a SOMA: 402, nada cobrado). Cada UF é um pedido comum, com protocolo, resultado e estorno por classe próprios; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo e Idempotency-Key (422) → idempotência → orçamento (602) → saldo (402) → aceito (202).
         */
        post: operations["executarPesquisaNacional"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/pesquisa-previa-bens/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: lote de pesquisas prévias (CPF/CNPJ × UF)
         * @description De graça, nunca chama a origem. Cota cada item (de 1 a 1000, cada um o corpo da pesquisa prévia de uma UF) e devolve o preço de cada um e a soma. Um lote é aceito ou recusado inteiro: um item não ofertado torna o lote indisponível (602), com os itens em itens_nao_ofertados. Erros de validação nomeiam o item (itens[3].cpf_cnpj); o mesmo CPF/CNPJ na mesma UF duas vezes é recusado (regra duplicado). Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo até 1 MB (413) → corpo (422) → orçamento (200 ou 602).
         */
        post: operations["orcarLoteDeAlvos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/pesquisa-previa-bens/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: lote de pesquisas prévias (CPF/CNPJ × UF) (pago)
         * @description Uma chamada, uma Idempotency-Key, um pedido por item (de 1 a 1000), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (um item não ofertado: 602; saldo que não cobre a SOMA: 402; limite de pedidos abertos do plano contando todos os itens: 429). Cada item é um pedido comum, com protocolo, resultado e estorno por classe próprios; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:pesquisa-previa-bens (403) → corpo até 1 MB (413) → corpo e Idempotency-Key (422) → idempotência → orçamento (602) → limite de pedidos abertos (429) → saldo (402) → aceito (202).
         */
        post: operations["executarLoteDeAlvos"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/visualizacao-matricula/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: lote de visualizacao-matricula (matrícula × cartório)
         * @description De graça, nunca chama a origem. Cota cada item (de 1 a 1000, cada um o corpo de um pedido de visualizacao-matricula) como o orçamento dele sozinho e devolve o preço de cada um e a soma. Um lote é aceito ou recusado inteiro: um item que não pode ser pedido torna o lote indisponível (602), com os itens em itens_nao_ofertados. Erros de validação nomeiam o item (itens[3].imovel_cartorio). Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:visualizacao-matricula (403) → corpo até 1 MB (413) → corpo (422) → orçamento (200 ou 602).
         */
        post: operations["orcarLoteDeVisualizacoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/visualizacao-matricula/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: lote de visualizacao-matricula (matrícula × cartório) (pago)
         * @description Uma chamada, uma Idempotency-Key, um pedido por item (de 1 a 1000), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (um item que não pode ser pedido: 602; saldo que não cobre a SOMA: 402; limite de pedidos abertos do plano contando todos os itens: 429). Cada item é um pedido comum, com protocolo, resultado, documento e estorno por classe próprios, e bloqueia a mesma matrícula e cartório por 7 dias como um pedido sozinho; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:visualizacao-matricula (403) → corpo até 1 MB (413) → corpo e Idempotency-Key (422) → idempotência → orçamento e bloqueio de 7 dias (602) → limite de pedidos abertos (429) → saldo (402) → aceito (202).
         */
        post: operations["executarLoteDeVisualizacoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/orcamento/certidao-inteiro-teor/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Orçar: lote de certidao-inteiro-teor (matrícula × cartório)
         * @description De graça, nunca chama a origem. Cota cada item (de 1 a 1000, cada um o corpo de um pedido de certidao-inteiro-teor) como o orçamento dele sozinho e devolve o preço de cada um e a soma. Um lote é aceito ou recusado inteiro: um item que não pode ser pedido torna o lote indisponível (602), com os itens em itens_nao_ofertados. Erros de validação nomeiam o item (itens[3].imovel_cartorio). Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:certidao-inteiro-teor (403) → corpo até 1 MB (413) → corpo (422) → orçamento (200 ou 602).
         */
        post: operations["orcarLoteDeCertidoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/consultas/certidao-inteiro-teor/lote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Executar: lote de certidao-inteiro-teor (matrícula × cartório) (pago)
         * @description Uma chamada, uma Idempotency-Key, um pedido por item (de 1 a 1000), todos aceitos numa só transação: ou o lote inteiro é aceito e debitado (header.price a soma; no extrato, um débito por pedido), ou nada é (um item que não pode ser pedido: 602; saldo que não cobre a SOMA: 402; limite de pedidos abertos do plano contando todos os itens: 429). Cada item é um pedido comum, com protocolo, resultado, documento e estorno por classe próprios, e bloqueia a mesma matrícula e cartório por 7 dias como um pedido sozinho; a visão combinada está em GET /v1/lotes/{lote}. Ordem das verificações: token (401) → redes permitidas (403) → limite (429) → escopo consultas:certidao-inteiro-teor (403) → corpo até 1 MB (413) → corpo e Idempotency-Key (422) → idempotência → orçamento e bloqueio de 7 dias (602) → limite de pedidos abertos (429) → saldo (402) → aceito (202).
         */
        post: operations["executarLoteDeCertidoes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/lotes/{lote}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Visão combinada de um lote
         * @description Lê só o estado guardado: nunca cobra, nunca chama a origem. Cada pedido (uma UF da pesquisa nacional, um item de um lote de alvos, com item e cpf_cnpj, ou de um lote de imóveis, com item, imovel_matricula e status_consulta) com seu protocolo e onde está (concluida, pendente, falhou com a classe), e os achados de todas as UFs concluídas numa lista só. Qualquer token da conta; lote de outra conta ou inexistente: o mesmo 404.
         */
        get: operations["consultarLote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar os webhooks
         * @description Os webhooks da conta. De graça; qualquer token válido da conta; nunca chama a origem.
         */
        get: operations["listarWebhooks"];
        put?: never;
        /**
         * Registrar um webhook
         * @description Registra uma URL para os eventos escolhidos; o segredo da assinatura vem só nesta resposta. De graça; qualquer token válido da conta; nunca chama a origem.
         */
        post: operations["registrarWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Ler um webhook
         * @description De graça; qualquer token válido da conta; nunca chama a origem.
         */
        get: operations["lerWebhook"];
        put?: never;
        post?: never;
        /**
         * Remover um webhook
         * @description Remove o webhook com suas entregas. De graça; qualquer token válido da conta; nunca chama a origem.
         */
        delete: operations["removerWebhook"];
        options?: never;
        head?: never;
        /**
         * Alterar um webhook
         * @description Muda url, eventos ou ativo (true reativa um webhook desativado; as entregas pendentes saem). De graça; qualquer token válido da conta; nunca chama a origem.
         */
        patch: operations["alterarWebhook"];
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Listar as entregas
         * @description As 50 entregas mais recentes, com cada tentativa. De graça; qualquer token válido da conta; nunca chama a origem.
         */
        get: operations["listarEntregas"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/entregas/{entrega}/reenviar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reenviar uma entrega
         * @description Envia a entrega de novo, com o mesmo webhook-id. De graça; qualquer token válido da conta; nunca chama a origem.
         */
        post: operations["reenviarEntrega"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Cabeçalho do envelope (contract 2.1). */
        EnvelopeHeader: {
            /** @description true se ESTA chamada foi cobrada, inclusive uma chamada que falhou. */
            billable: boolean;
            /** @description Valor efetivamente debitado por ESTA chamada, em reais com no máximo duas casas (123.4 é R$ 123,40); 0 quando nada foi cobrado. */
            price: number;
            /**
             * @description Versão do contrato (contract 9).
             * @constant
             */
            api_version: "v1";
            /**
             * Format: uuid
             * @description UUID novo por requisição, também no cabeçalho X-Request-Id: cite-o ao suporte.
             */
            request_id: string;
        };
        /** @description Um problema de uma requisição recusada (422), campo a campo: um item por campo (a primeira regra que falhou), primeiro os problemas do corpo inteiro, depois os campos na ordem da contract 2.3, depois os campos desconhecidos. */
        FieldError: {
            /** @description O campo do corpo (imovel_cartorio), o cabeçalho (Idempotency-Key), o parâmetro (de, ate) ou body para o corpo inteiro. */
            campo: string;
            /** @description O que está errado, em português, para uma pessoa. */
            mensagem: string;
            /** @description A regra que falhou: required, type, enum, minimum, maxLength, additionalProperties, json, json-depth (mais de 16 níveis de objetos/listas), um nome de formato (cpf-cnpj, uf, imovel-matricula, uuid), not-cpf-cnpj, uuid-nil, reused-with-other-request... */
            regra: string;
            /** @description O que foi enviado, quando foi enviado e é pequeno (um número, booleano, null, um texto de até cerca de 250 caracteres, uma lista ou objeto pequeno de até 3 níveis); omitido para um valor maior e para uma Idempotency-Key que parece um CPF/CNPJ. */
            valor?: unknown;
        };
        /** @description O envelope de toda resposta (contract 2.1) sem code e data, que cada resposta define (veja Envelope). Campos novos opcionais podem aparecer a qualquer momento: ignore o que não conhece (contract 9.2). */
        EnvelopeBase: {
            /** @description Mensagem para uma pessoa, em português. */
            code_message: string;
            header: components["schemas"]["EnvelopeHeader"];
            /** @description Quantidade de itens em data. */
            data_count: number;
            /** @description Comprovantes da origem (URLs; expiram em 7 dias na origem). */
            site_receipts: string[];
            /** @description Problemas campo a campo (422); vazio nos demais casos. */
            errors: components["schemas"]["FieldError"][];
        };
        /** @description O envelope de toda resposta (contract 2.1), na forma geral; cada resposta do documento diz o seu code e os itens de data. Campos novos opcionais podem aparecer a qualquer momento: ignore o que não conhece (contract 9.2). */
        Envelope: components["schemas"]["EnvelopeBase"] & {
            /** @description Nos erros de transporte, igual ao status HTTP (401, 403, 404, 422, 429...). A faixa 6xx é o RESULTADO de uma consulta, com HTTP 200: aja pelo code, não pelo status HTTP (contract 7.2; tabela em x-result-codes). */
            code: number;
            /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
            data: {
                [key: string]: unknown;
            }[];
        };
        /**
         * @description Código do RESULTADO da consulta (contract 7.3; cada código, sua classe e se é devolvido em x-result-codes). HTTP 200 significa apenas que a requisição chegou: aja pelo campo code.
         *
         *     | classe | códigos | significado | devolvido | repetir |
         *     |---|---|---|---|---|
         *     | `sucesso` | 200 | A origem respondeu e entregou. | — | — |
         *     | `nao_encontrado` | 612 | A origem respondeu: nada encontrado para o alvo. | não | não |
         *     | `indeterminado` | 611 | A origem não pôde emitir pela internet; não é irregularidade. | não | não |
         *     | `erro_participante` | 608, 619, 620 | A origem recusou os DADOS do pedido. | não | sim |
         *     | `retry` | 600, 605, 609, 610, 613, 614, 615, 618 | Instabilidade momentânea da origem ou do transporte. | sim | sim |
         *     | `fatal` | 601, 602, 603, 604, 606, 607, 617, 621, 622 | Defeito de integração do lado do serviço. | sim | não |
         * @enum {integer}
         */
        ResultCode: 200 | 600 | 601 | 602 | 603 | 604 | 605 | 606 | 607 | 608 | 609 | 610 | 611 | 612 | 613 | 614 | 615 | 617 | 618 | 619 | 620 | 621 | 622;
        /**
         * PesquisaPreviaBensBody
         * @description Corpo de POST /v1/orcamento/pesquisa-previa-bens e POST /v1/consultas/pesquisa-previa-bens (contract 2.3).
         */
        PesquisaPreviaBensBody: {
            /**
             * @description CPF (11 dígitos) ou CNPJ (14, numérico ou alfanumérico) do alvo da pesquisa, com ou sem máscara.
             * @example 123.456.789-09
             * @example 12345678909
             * @example 11.222.333/0001-81
             * @example 12.ABC.345/01DE-35
             */
            cpf_cnpj: string;
            /**
             * @description UF onde pesquisar: a pesquisa nacional são 26 chamadas e 26 cobranças. Uma única sigla por chamada (uma lista ou "SP,RJ" é recusada); maiúsculas ou minúsculas. Uma de: AC, AL, AM, AP, BA, CE, DF, ES, GO, MA, MG, MS, MT, PA, PB, PE, PI, PR, RJ, RN, RO, RR, RS, SC, SE, SP, TO.
             * @example SP
             */
            uf: string;
            /** @description Nome do alvo, se conhecido; ajuda a desambiguar e volta como pesquisado_nome. null equivale a ausente. */
            nome?: string | null;
            /**
             * @description Declaração feita AO CARTÓRIO. 1 avaliação de crédito; 2 investigação jurídica do imóvel e da titularidade (padrão); 3 o solicitante É titular de direito real, enviado à origem só quando informado. null equivale a ausente.
             * @enum {integer|null}
             */
            finalidade?: 1 | 2 | 3 | null;
            /**
             * @description Sua referência para este pedido (até 100 caracteres, sem caracteres de controle): guardada no pedido, devolvida no resultado e na lista, filtrável em GET /v1/consultas; nunca vai à origem. null equivale a ausente.
             * @example cliente-4711/processo-22
             */
            referencia?: string | null;
        };
        /**
         * VisualizacaoMatriculaBody
         * @description Corpo de POST /v1/orcamento/visualizacao-matricula e POST /v1/consultas/visualizacao-matricula (contract 2.3).
         */
        VisualizacaoMatriculaBody: {
            /**
             * @description CPF ou CNPJ do SOLICITANTE (a quem a consulta fica vinculada na conta e no extrato), NÃO do proprietário. Com ou sem máscara.
             * @example 123.456.789-09
             * @example 12345678909
             * @example 11.222.333/0001-81
             * @example 12.ABC.345/01DE-35
             */
            cpf_cnpj: string;
            /**
             * @description Número da matrícula (só dígitos; zeros à esquerda aceitos e preservados; até 7 dígitos significativos) OU o CNM (16 dígitos, com ou sem a máscara CCCCCC.L.NNNNNNN-DD; dígitos verificadores conferidos).
             * @example 12345
             * @example 000123
             * @example 300000.2.0011111-27
             */
            imovel_matricula: string;
            /**
             * @description NÚMERO do cartório (1 para o 1º Ofício), como inteiro JSON. Um texto ("1º Ofício" ou mesmo "1") é recusado aqui: na origem ele gera o código 607, cobrado.
             * @example 1
             */
            imovel_cartorio: number;
            /**
             * @description Município do CARTÓRIO, não do imóvel (um imóvel pode estar matriculado no cartório de outro município). Um valor errado não protocola nada: a cotação falha, sem cobrança.
             * @example São Paulo
             */
            imovel_municipio: string;
            /**
             * @description UF do cartório. Uma única sigla por chamada (uma lista ou "SP,RJ" é recusada); maiúsculas ou minúsculas. Uma de: AC, AL, AM, AP, BA, CE, DF, ES, GO, MA, MG, MS, MT, PA, PB, PE, PI, PR, RJ, RN, RO, RR, RS, SC, SE, SP, TO.
             * @example SP
             */
            imovel_uf: string;
            /**
             * @description Declaração feita AO CARTÓRIO; mesmo significado de finalidade. 1 avaliação de crédito; 2 investigação jurídica do imóvel e da titularidade (padrão); 3 o solicitante É titular de direito real, enviado à origem só quando informado. null equivale a ausente.
             * @enum {integer|null}
             */
            imovel_finalidade?: 1 | 2 | 3 | null;
            /**
             * @description Sua referência para este pedido (até 100 caracteres, sem caracteres de controle): guardada no pedido, devolvida no resultado e na lista, filtrável em GET /v1/consultas; nunca vai à origem. null equivale a ausente.
             * @example cliente-4711/processo-22
             */
            referencia?: string | null;
        };
        /**
         * CertidaoInteiroTeorBody
         * @description Corpo de POST /v1/orcamento/certidao-inteiro-teor e POST /v1/consultas/certidao-inteiro-teor (contract 2.3). Não tem imovel_finalidade.
         */
        CertidaoInteiroTeorBody: {
            /**
             * @description CPF ou CNPJ do SOLICITANTE (a quem a consulta fica vinculada na conta e no extrato), NÃO do proprietário. Com ou sem máscara.
             * @example 123.456.789-09
             * @example 12345678909
             * @example 11.222.333/0001-81
             * @example 12.ABC.345/01DE-35
             */
            cpf_cnpj: string;
            /**
             * @description Número da matrícula (só dígitos; zeros à esquerda aceitos e preservados; até 7 dígitos significativos) OU o CNM (16 dígitos, com ou sem a máscara CCCCCC.L.NNNNNNN-DD; dígitos verificadores conferidos).
             * @example 12345
             * @example 000123
             * @example 300000.2.0011111-27
             */
            imovel_matricula: string;
            /**
             * @description NÚMERO do cartório (1 para o 1º Ofício), como inteiro JSON. Um texto ("1º Ofício" ou mesmo "1") é recusado aqui: na origem ele gera o código 607, cobrado.
             * @example 1
             */
            imovel_cartorio: number;
            /**
             * @description Município do CARTÓRIO, não do imóvel (um imóvel pode estar matriculado no cartório de outro município). Um valor errado não protocola nada: a cotação falha, sem cobrança.
             * @example São Paulo
             */
            imovel_municipio: string;
            /**
             * @description UF do cartório. Uma única sigla por chamada (uma lista ou "SP,RJ" é recusada); maiúsculas ou minúsculas. Uma de: AC, AL, AM, AP, BA, CE, DF, ES, GO, MA, MG, MS, MT, PA, PB, PE, PI, PR, RJ, RN, RO, RR, RS, SC, SE, SP, TO.
             * @example SP
             */
            imovel_uf: string;
            /**
             * @description Sua referência para este pedido (até 100 caracteres, sem caracteres de controle): guardada no pedido, devolvida no resultado e na lista, filtrável em GET /v1/consultas; nunca vai à origem. null equivale a ausente.
             * @example cliente-4711/processo-22
             */
            referencia?: string | null;
        };
        /**
         * PesquisaNacionalBody
         * @description Corpo de POST /v1/orcamento/pesquisa-previa-bens/nacional e POST /v1/consultas/pesquisa-previa-bens/nacional: o da pesquisa prévia sem uf (todas as UFs ofertadas).
         */
        PesquisaNacionalBody: {
            /**
             * @description CPF (11 dígitos) ou CNPJ (14, numérico ou alfanumérico) do alvo da pesquisa, com ou sem máscara.
             * @example 123.456.789-09
             * @example 12345678909
             * @example 11.222.333/0001-81
             * @example 12.ABC.345/01DE-35
             */
            cpf_cnpj: string;
            /** @description Nome do alvo, se conhecido; ajuda a desambiguar e volta como pesquisado_nome. null equivale a ausente. */
            nome?: string | null;
            /**
             * @description Declaração feita AO CARTÓRIO. 1 avaliação de crédito; 2 investigação jurídica do imóvel e da titularidade (padrão); 3 o solicitante É titular de direito real, enviado à origem só quando informado. null equivale a ausente.
             * @enum {integer|null}
             */
            finalidade?: 1 | 2 | 3 | null;
            /**
             * @description Sua referência para este pedido (até 100 caracteres, sem caracteres de controle): guardada no pedido, devolvida no resultado e na lista, filtrável em GET /v1/consultas; nunca vai à origem. null equivale a ausente.
             * @example cliente-4711/processo-22
             */
            referencia?: string | null;
        };
        /**
         * PesquisaLoteBody
         * @description Corpo de POST /v1/orcamento/pesquisa-previa-bens/lote e POST /v1/consultas/pesquisa-previa-bens/lote: de 1 a 1000 itens, cada um o corpo da pesquisa prévia de uma UF; o mesmo CPF/CNPJ na mesma UF duas vezes é recusado (422 nomeando o item repetido).
         */
        PesquisaLoteBody: {
            /** @description Um pedido (um protocolo, uma cobrança) por item. */
            itens: components["schemas"]["PesquisaPreviaBensBody"][];
        };
        /**
         * VisualizacaoLoteBody
         * @description Corpo de POST /v1/orcamento/visualizacao-matricula/lote e POST /v1/consultas/visualizacao-matricula/lote: de 1 a 1000 itens, cada um o corpo de um pedido de visualizacao-matricula; a mesma matrícula no mesmo cartório duas vezes recusa o lote (602, pedido_em_vigor, nomeando o item repetido).
         */
        VisualizacaoLoteBody: {
            /** @description Um pedido (um protocolo, uma cobrança) por item. */
            itens: components["schemas"]["VisualizacaoMatriculaBody"][];
        };
        /**
         * CertidaoLoteBody
         * @description Corpo de POST /v1/orcamento/certidao-inteiro-teor/lote e POST /v1/consultas/certidao-inteiro-teor/lote: de 1 a 1000 itens, cada um o corpo de um pedido de certidao-inteiro-teor; a mesma matrícula no mesmo cartório duas vezes recusa o lote (602, pedido_em_vigor, nomeando o item repetido).
         */
        CertidaoLoteBody: {
            /** @description Um pedido (um protocolo, uma cobrança) por item. */
            itens: components["schemas"]["CertidaoInteiroTeorBody"][];
        };
        /** @description Confirmação de fila: data[0] de um 202 (contract 2.2). */
        QueueAck: {
            /**
             * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
             * @example 482139077551605
             */
            protocolo: string;
            /**
             * @description Estado do pedido na fila.
             * @constant
             */
            estado: "processando";
            /** @description Caminho relativo do resultado: /v1/consultas/<protocolo>. */
            consultar_em: string;
            /** @description Segundos a esperar antes de consultar de novo: os pedidos à frente na fila (uma sessão na origem, um pedido por vez) e, na pesquisa, o teto de 50 por hora (contract 8). */
            consultar_daqui_s: number;
            /** @description A referência que você enviou no corpo da execução, ecoada no 202 da aceitação (ausente se não enviou nenhuma) e em toda consulta do resultado. */
            referencia?: string | null;
        };
        /** @description A resposta 202 da aceitação, exatamente como foi respondida (contract 2.1): code 202, seu header com o price debitado, data[0] os campos da fila. */
        Aceite: components["schemas"]["EnvelopeBase"] & {
            /** @constant */
            code: 202;
            /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
            data: components["schemas"]["QueueAck"][];
        };
        /** @description O preço cotado (contract 4, quote rule 2). */
        Preco: {
            /** @description O que a execução vai debitar, em reais (emolumentos + margem). */
            total: number;
            /**
             * @description Sempre true.
             * @constant
             */
            estimado: true;
            /** @description A taxa da origem (do cartório, ou da UF na pesquisa), em reais. */
            emolumentos: number;
            /** @description A margem do serviço no plano da conta, em reais. */
            margem: number;
        };
        /** @description Um cartório do catálogo local. */
        Cartorio: {
            /** @description Nome do cartório. */
            nome: string;
            /** @description Código nacional (CNS) do cartório. */
            cns: string;
            /** @description Número do cartório. */
            numero: number;
            /** @description Município do cartório. */
            municipio: string;
            /** @description UF do cartório. */
            uf: string;
        };
        /** @description Orçamento (code 200): o único número que bate com a cobrança; o preço publicado por produto é só um piso. */
        Orcamento: {
            /**
             * @description O produto.
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description true: cotado.
             * @constant
             */
            disponivel: true;
            preco: components["schemas"]["Preco"];
            /** @description Visualização e certidão: o cartório encontrado. */
            cartorio?: components["schemas"]["Cartorio"];
            /** @description Pesquisa prévia: a UF cotada. */
            uf?: string;
        };
        /**
         * @description Indisponível (code 602): nada foi cobrado e a origem não foi chamada (contract 7.6). motivo:
         *
         *     - `produto_fora_de_servico`: o produto está fora de serviço (um 602 ou 603 da origem); um operador o recoloca em serviço (contract 7.5)
         *     - `cartorio_nao_encontrado`: nenhum cartório com esse número nesse município e UF (município errado do cartório, número inexistente)
         *     - `cartorio_fora_de_servico`: o cartório existe, mas está fora de serviço na origem e não cota
         *     - `tarifa_desconhecida`: a tarifa é 0,00 ou ausente (do cartório, ou da UF na pesquisa): zero significa desconhecida, não grátis (contract 7.9)
         *     - `plano_sem_margem`: o plano da conta não tem preço para o produto
         *     - `pedido_em_vigor`: execução de visualização ou certidão da mesma matrícula e cartório já pedida na plataforma nos últimos 7 dias (estimativa); data[0].aceito_novamente_a_partir_de diz quando (contract 3)
         */
        Indisponivel: {
            /**
             * @description O produto.
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description false: não ofertado.
             * @constant
             */
            disponivel: false;
            /** @description null: não há preço (não é preço zero). */
            preco: null;
            /**
             * @description Por que não é ofertado.
             * @enum {string}
             */
            motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem" | "pedido_em_vigor";
            /** @description Visualização e certidão: o cartório encontrado. */
            cartorio?: components["schemas"]["Cartorio"];
            /** @description Pesquisa prévia: a UF cotada. */
            uf?: string;
            /**
             * Format: date
             * @description Só com pedido_em_vigor: o DIA (AAAA-MM-DD, no fuso do cartório) a partir do qual o mesmo produto nessa matrícula e cartório é aceito de novo — nunca o instante do pedido de outro cliente (decisão 0048).
             */
            aceito_novamente_a_partir_de?: string;
        };
        /** @description Orçamento da pesquisa nacional (code 200): uma pesquisa e uma cobrança por UF ofertada; preco.total é a soma que a execução debita. */
        OrcamentoNacional: {
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Todas as UFs ofertadas.
             * @constant
             */
            abrangencia: "nacional";
            /**
             * @description true: ao menos uma UF ofertada.
             * @constant
             */
            disponivel: true;
            /** @description A soma das UFs ofertadas. */
            preco: {
                /** @description O que a execução vai debitar, em reais: a soma dos preços das UFs. */
                total: number;
                /**
                 * @description Sempre true.
                 * @constant
                 */
                estimado: true;
            };
            /** @description As UFs ofertadas, cada uma com seu preço (um pedido e uma cobrança cada). */
            ufs: {
                /** @description A UF. */
                uf: string;
                preco: components["schemas"]["Preco"];
            }[];
            /** @description As UFs fora da pesquisa nacional, e por quê: nada é pedido nem cobrado nelas. */
            ufs_nao_ofertadas: {
                /** @description A UF. */
                uf: string;
                /**
                 * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
                 * @enum {string}
                 */
                motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            }[];
        };
        /** @description Pesquisa nacional indisponível (code 602): nenhuma UF ofertada; nada foi cobrado, a origem não foi chamada. */
        IndisponivelNacional: {
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Todas as UFs ofertadas.
             * @constant
             */
            abrangencia: "nacional";
            /**
             * @description false: nenhuma UF ofertada.
             * @constant
             */
            disponivel: false;
            /**
             * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
             * @enum {string}
             */
            motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            /** @description null: não há preço. */
            preco: null;
            /** @description Vazia. */
            ufs: unknown[];
            /** @description As UFs fora da pesquisa nacional, e por quê: nada é pedido nem cobrado nelas. */
            ufs_nao_ofertadas: {
                /** @description A UF. */
                uf: string;
                /**
                 * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
                 * @enum {string}
                 */
                motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            }[];
        };
        /** @description A pesquisa nacional aceita (data[0] do 202): o lote e um pedido por UF, cada um com seu protocolo e seu preço. */
        LoteAceito: {
            /**
             * @description Número do lote, só dígitos (mesmo formato de um protocolo, nunca igual ao protocolo de um pedido). Usado em GET /v1/lotes/{lote}.
             * @example 482139077551605
             */
            lote: string;
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Todas as UFs ofertadas.
             * @constant
             */
            abrangencia: "nacional";
            /**
             * @description Estado do lote.
             * @constant
             */
            estado: "processando";
            /** @description Caminho relativo da visão do lote: /v1/lotes/<lote>. */
            consultar_em: string;
            /** @description Segundos até a última UF ficar pronta, pela fila de hoje. */
            consultar_daqui_s: number;
            /** @description Um pedido por UF ofertada: cada um é um pedido comum (GET /v1/consultas/{protocolo}). */
            pedidos: {
                /** @description A UF. */
                uf: string;
                /**
                 * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
                 * @example 482139077551605
                 */
                protocolo: string;
                /** @description Caminho do resultado: /v1/consultas/<protocolo>. */
                consultar_em: string;
                /** @description Segundos a esperar por esta UF. */
                consultar_daqui_s: number;
                /** @description O valor debitado por esta UF, em reais. */
                preco: number;
            }[];
            /** @description As UFs fora da pesquisa nacional, e por quê: nada é pedido nem cobrado nelas. */
            ufs_nao_ofertadas: {
                /** @description A UF. */
                uf: string;
                /**
                 * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
                 * @enum {string}
                 */
                motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            }[];
        };
        /** @description Orçamento de um lote de alvos (code 200): uma pesquisa e uma cobrança por item; preco.total é a soma que a execução debita. */
        OrcamentoLote: {
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Um lote de alvos: um pedido por item (CPF/CNPJ × UF).
             * @constant
             */
            abrangencia: "alvos";
            /**
             * @description true: todos os itens ofertados.
             * @constant
             */
            disponivel: true;
            /** @description A soma dos itens. */
            preco: {
                /** @description O que a execução vai debitar, em reais: a soma dos preços dos itens. */
                total: number;
                /**
                 * @description Sempre true.
                 * @constant
                 */
                estimado: true;
            };
            /** @description Os itens ofertados, na ordem enviada, cada um com seu preço (um pedido e uma cobrança cada). */
            itens: {
                /** @description Só em lotes de alvos: o índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description O CPF/CNPJ do item, só dígitos. */
                cpf_cnpj: string;
                /** @description A UF. */
                uf: string;
                preco: components["schemas"]["Preco"];
            }[];
            /** @description Vazia. */
            itens_nao_ofertados: unknown[];
        };
        /** @description Lote de alvos recusado inteiro (code 602): ao menos um item não é ofertado; nada foi cobrado, a origem não foi chamada. */
        IndisponivelLote: {
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Um lote de alvos: um pedido por item (CPF/CNPJ × UF).
             * @constant
             */
            abrangencia: "alvos";
            /**
             * @description false: algum item não é ofertado.
             * @constant
             */
            disponivel: false;
            /**
             * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
             * @enum {string}
             */
            motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            /** @description null: o lote não tem preço. */
            preco: null;
            /** @description Os itens ofertados, na ordem enviada, cada um com seu preço (um pedido e uma cobrança cada). */
            itens: {
                /** @description Só em lotes de alvos: o índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description O CPF/CNPJ do item, só dígitos. */
                cpf_cnpj: string;
                /** @description A UF. */
                uf: string;
                preco: components["schemas"]["Preco"];
            }[];
            /** @description Os itens cuja UF não é ofertada, e por quê. Um só deles recusa o lote inteiro (602): envie-o sem eles. */
            itens_nao_ofertados: {
                /** @description Só em lotes de alvos: o índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description O CPF/CNPJ do item, só dígitos. */
                cpf_cnpj: string;
                /** @description A UF. */
                uf: string;
                /**
                 * @description Por que a UF não é ofertada (contract 7.9: tarifa R$ 0,00 é desconhecida, não grátis).
                 * @enum {string}
                 */
                motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem";
            }[];
        };
        /** @description Um lote de alvos aceito (data[0] do 202): o lote e um pedido por item, na ordem enviada, cada um com seu protocolo e seu preço. */
        LoteAlvosAceito: {
            /**
             * @description Número do lote, só dígitos (mesmo formato de um protocolo, nunca igual ao protocolo de um pedido). Usado em GET /v1/lotes/{lote}.
             * @example 482139077551605
             */
            lote: string;
            /**
             * @description O produto.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /**
             * @description Um lote de alvos: um pedido por item (CPF/CNPJ × UF).
             * @constant
             */
            abrangencia: "alvos";
            /**
             * @description Estado do lote.
             * @constant
             */
            estado: "processando";
            /** @description Caminho relativo da visão do lote: /v1/lotes/<lote>. */
            consultar_em: string;
            /** @description Segundos até o último item ficar pronto, pela fila de hoje. */
            consultar_daqui_s: number;
            /** @description Um pedido por item: cada um é um pedido comum (GET /v1/consultas/{protocolo}). */
            pedidos: {
                /** @description Só em lotes de alvos: o índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description O CPF/CNPJ do item, só dígitos. */
                cpf_cnpj: string;
                /** @description A UF. */
                uf: string;
                /**
                 * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
                 * @example 482139077551605
                 */
                protocolo: string;
                /** @description Caminho do resultado: /v1/consultas/<protocolo>. */
                consultar_em: string;
                /** @description Segundos a esperar por este item. */
                consultar_daqui_s: number;
                /** @description O valor debitado por este item, em reais. */
                preco: number;
            }[];
        };
        /** @description Orçamento de um lote de visualizações ou certidões (code 200): um pedido e uma cobrança por item, cada um ao preço do seu orçamento sozinho; preco.total é a soma que a execução debita. */
        OrcamentoLoteImoveis: {
            /**
             * @description O produto de todos os itens.
             * @enum {string}
             */
            fonte: "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description Um lote de pedidos de imóveis: um pedido por item (matrícula × cartório).
             * @constant
             */
            abrangencia: "imoveis";
            /**
             * @description true: todos os itens podem ser pedidos.
             * @constant
             */
            disponivel: true;
            /** @description A soma dos itens. */
            preco: {
                /** @description O que a execução vai debitar, em reais: a soma dos preços dos itens. */
                total: number;
                /**
                 * @description Sempre true.
                 * @constant
                 */
                estimado: true;
            };
            /** @description Os itens que podem ser pedidos, na ordem enviada, cada um com seu cartório e seu preço. */
            itens: {
                /** @description O índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description A imovel_matricula do item, como enviada. */
                imovel_matricula: string;
                /** @description O cartório do item, pelo catálogo local. */
                cartorio: components["schemas"]["Cartorio"];
                preco: components["schemas"]["Preco"];
            }[];
            /** @description Vazia. */
            itens_nao_ofertados: unknown[];
        };
        /** @description Lote de visualizações ou certidões recusado inteiro (code 602): ao menos um item não pode ser pedido; nada foi cobrado, a origem não foi chamada. */
        IndisponivelLoteImoveis: {
            /**
             * @description O produto de todos os itens.
             * @enum {string}
             */
            fonte: "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description Um lote de pedidos de imóveis: um pedido por item (matrícula × cartório).
             * @constant
             */
            abrangencia: "imoveis";
            /**
             * @description false: algum item não pode ser pedido.
             * @constant
             */
            disponivel: false;
            /**
             * @description O motivo do primeiro item que não pode ser pedido (cada item diz o seu).
             * @enum {string}
             */
            motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem" | "pedido_em_vigor";
            /** @description null: o lote não tem preço. */
            preco: null;
            /** @description Os itens que podem ser pedidos, na ordem enviada, cada um com seu cartório e seu preço. */
            itens: {
                /** @description O índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description A imovel_matricula do item, como enviada. */
                imovel_matricula: string;
                /** @description O cartório do item, pelo catálogo local. */
                cartorio: components["schemas"]["Cartorio"];
                preco: components["schemas"]["Preco"];
            }[];
            /** @description Os itens que não podem ser pedidos, e por quê. Um só deles recusa o lote inteiro (602): envie-o sem eles. */
            itens_nao_ofertados: {
                /** @description O índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description A imovel_matricula do item, como enviada. */
                imovel_matricula: string;
                /** @description A UF. */
                imovel_uf: string;
                /**
                 * @description O que o pedido do item sozinho receberia (602), ou pedido_em_vigor para a mesma matrícula no mesmo cartório repetida no lote (mesmo_imovel_do_item).
                 * @enum {string}
                 */
                motivo: "produto_fora_de_servico" | "cartorio_nao_encontrado" | "cartorio_fora_de_servico" | "tarifa_desconhecida" | "plano_sem_margem" | "pedido_em_vigor";
                /** @description A mesma matrícula no mesmo cartório já está no item com este índice (o pedido dele bloquearia este). */
                mesmo_imovel_do_item: number | null;
                /**
                 * Format: date
                 * @description Matrícula já pedida na plataforma nos últimos 7 dias (contract 3): o dia do cartório a partir do qual é aceita de novo; null nos outros casos.
                 */
                aceito_novamente_a_partir_de: string | null;
            }[];
        };
        /** @description Um lote de visualizações ou certidões aceito (data[0] do 202): o lote e um pedido por item, na ordem enviada, cada um com seu protocolo e seu preço. */
        LoteImoveisAceito: {
            /**
             * @description Número do lote, só dígitos (mesmo formato de um protocolo, nunca igual ao protocolo de um pedido). Usado em GET /v1/lotes/{lote}.
             * @example 482139077551605
             */
            lote: string;
            /**
             * @description O produto de todos os itens.
             * @enum {string}
             */
            fonte: "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description Um lote de pedidos de imóveis: um pedido por item (matrícula × cartório).
             * @constant
             */
            abrangencia: "imoveis";
            /**
             * @description Estado do lote.
             * @constant
             */
            estado: "processando";
            /** @description Caminho relativo da visão do lote: /v1/lotes/<lote>. */
            consultar_em: string;
            /** @description Segundos até o último item ficar pronto, pela fila de hoje. */
            consultar_daqui_s: number;
            /** @description Um pedido por item: cada um é um pedido comum (GET /v1/consultas/{protocolo}). */
            pedidos: {
                /** @description O índice do item em itens (0 é o primeiro). */
                item: number;
                /** @description A imovel_matricula do item, como enviada. */
                imovel_matricula: string;
                /** @description O cartório do item, pelo catálogo local. */
                cartorio: components["schemas"]["Cartorio"];
                /**
                 * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
                 * @example 482139077551605
                 */
                protocolo: string;
                /** @description Caminho do resultado: /v1/consultas/<protocolo>. */
                consultar_em: string;
                /** @description Segundos a esperar por este item. */
                consultar_daqui_s: number;
                /** @description O valor debitado por este item, em reais. */
                preco: number;
            }[];
        };
        /** @description Uma matrícula achada em alguma UF do lote (os campos de ImovelEncontrado), com a UF pesquisada e o protocolo do pedido que a achou. */
        ImovelEncontradoNoLote: {
            /** @description Número da matrícula; null quando a origem respondeu "matrícula não informada": o imóvel EXISTE e o documento aparece nele, não é ausência. */
            matricula: string | null;
            /** @description Nome do cartório. */
            cartorio_nome: string;
            /** @description Código nacional (CNS) do cartório. */
            cartorio_cns: string;
            /** @description Número do cartório (o imovel_cartorio dos produtos de imóvel). */
            cartorio_numero: number;
            /** @description Município do cartório. */
            cartorio_municipio: string;
            /** @description UF do cartório. */
            cartorio_uf: string;
            /** @description O cartório declarou coleta incompleta. */
            coleta_incompleta: boolean;
            /** @description O cartório não respondeu nesta execução. */
            sem_resposta: boolean;
            /** @description Só em lotes de alvos: o índice do item em itens (0 é o primeiro). */
            item?: number;
            /** @description O CPF/CNPJ do item, só dígitos. */
            cpf_cnpj?: string;
            /** @description A UF. */
            uf_pesquisada: string;
            /**
             * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
             * @example 482139077551605
             */
            protocolo: string;
        };
        /** @description A visão combinada de um lote: cada pedido (UF ou item), onde está, e os achados de todas as pesquisas concluídas numa lista só. Lê só o estado guardado. */
        Lote: {
            /**
             * @description Número do lote, só dígitos (mesmo formato de um protocolo, nunca igual ao protocolo de um pedido). Usado em GET /v1/lotes/{lote}.
             * @example 482139077551605
             */
            lote: string;
            /**
             * @description O produto de todos os pedidos do lote.
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
            /**
             * @description nacional: um pedido por UF ofertada; alvos: um pedido por item (CPF/CNPJ × UF), na ordem enviada; imoveis: uma visualização ou certidão por item (matrícula × cartório), na ordem enviada.
             * @enum {string}
             */
            abrangencia: "nacional" | "alvos" | "imoveis";
            /**
             * @description concluido quando nenhuma UF está pendente.
             * @enum {string}
             */
            estado: "processando" | "concluido";
            /** @description Enquanto processando: segundos até a última UF pendente; null concluído. */
            consultar_daqui_s: number | null;
            /**
             * Format: date-time
             * @description Quando o lote foi aceito.
             */
            criado_em: string;
            /** @description O total debitado na aceitação (a soma das UFs), em reais. Estornos aparecem no pedido de cada UF. */
            debitado: number;
            /** @description Contagens (num lote de alvos ou de imóveis, de itens; ufs conta as UFs distintas). */
            resumo: {
                /** @description Só em lotes de alvos e de imóveis: itens no lote. */
                itens?: number;
                /** @description UFs no lote. */
                ufs: number;
                /** @description UFs com resposta (sucesso ou nada encontrado). */
                concluidas: number;
                /** @description UFs ainda em andamento. */
                pendentes: number;
                /** @description UFs encerradas sem conclusão (veja classe em cobertura). */
                falhas: number;
                /** @description Matrículas achadas, somando as UFs (0 num lote de imóveis). */
                imoveis: number;
            };
            /** @description Uma entrada por pedido do lote: em ordem de UF (nacional) ou na ordem dos itens (alvos, imoveis). */
            cobertura: {
                /** @description Só em lotes de alvos e de imóveis: o índice do item em itens (0 é o primeiro). */
                item?: number;
                /** @description O CPF/CNPJ do item, só dígitos. */
                cpf_cnpj?: string;
                /** @description Só em lotes de imóveis: a imovel_matricula do item. */
                imovel_matricula?: string;
                /** @description Só em lotes de imóveis: o status_consulta do pedido (EM_EMISSAO, SUCESSO, INDISPONIVEL na certidão; SUCESSO na visualização); null enquanto não há. */
                status_consulta?: string | null;
                /** @description A UF. */
                uf: string;
                /**
                 * @description Número de acompanhamento do pedido, só dígitos: 15 (14 que não revelam volume nem ordem, e um dígito verificador Damm; os emitidos antes tinham 16, data e sequência, e continuam valendo). Um protocolo cujo dígito verificador não confere é 404 na hora (decisão 0050).
                 * @example 482139077551605
                 */
                protocolo: string;
                /** @description Caminho do resultado desta UF. */
                consultar_em: string;
                /**
                 * @description concluida: sucesso ou nao_encontrado; falhou: encerrada em outra classe (contract 7.3); pendente: em andamento.
                 * @enum {string}
                 */
                situacao: "concluida" | "pendente" | "falhou";
                /** @description O code do resultado desta UF (contract 7.3); null enquanto pendente. */
                codigo: number | null;
                /** @description A classe do code (sucesso, nao_encontrado, indeterminado, erro_participante, retry, fatal). */
                classe: string | null;
                /** @description O nada_consta desta UF, quando concluída. */
                nada_consta: boolean | null;
                /** @description O provisorio desta UF, quando concluída. */
                provisorio: boolean | null;
                /** @description Matrículas achadas nesta UF; null enquanto pendente. */
                imoveis_encontrados: number | null;
                /** @description Enquanto pendente: segundos a esperar por esta UF. */
                consultar_daqui_s: number | null;
                /** @description O valor debitado por esta UF, em reais. */
                preco: number;
            }[];
            /** @description Os achados de todas as UFs concluídas, numa lista só. */
            imoveis: components["schemas"]["ImovelEncontradoNoLote"][];
        };
        /** @description Um webhook da conta do token. O segredo só aparece no registro. */
        Webhook: {
            /**
             * Format: uuid
             * @description O id do webhook.
             */
            id: string;
            /** @description A URL chamada (https). */
            url: string;
            /** @description Os eventos assinados (decisão 0093). */
            eventos: ("consulta.finalizada" | "consulta.revisada" | "consulta.reconciliada" | "certidao.emitida" | "certidao.indisponivel" | "estorno.realizado" | "saldo.abaixo_do_limite")[];
            /** @description false: desativado pelo cliente ou depois de 24 h de falhas (decisão 0094). */
            ativo: boolean;
            /** @description Por que está desativado; null quando ativo. */
            motivo_desativacao: string | null;
            /**
             * Format: date-time
             * @description Quando foi registrado (ISO 8601, UTC).
             */
            criado_em: string;
        };
        /** @description O webhook registrado, com o segredo (mostrado só agora). */
        WebhookRegistrado: {
            /**
             * Format: uuid
             * @description O id do webhook.
             */
            id: string;
            /** @description A URL chamada (https). */
            url: string;
            /** @description Os eventos assinados (decisão 0093). */
            eventos: ("consulta.finalizada" | "consulta.revisada" | "consulta.reconciliada" | "certidao.emitida" | "certidao.indisponivel" | "estorno.realizado" | "saldo.abaixo_do_limite")[];
            /** @description false: desativado pelo cliente ou depois de 24 h de falhas (decisão 0094). */
            ativo: boolean;
            /** @description Por que está desativado; null quando ativo. */
            motivo_desativacao: string | null;
            /**
             * Format: date-time
             * @description Quando foi registrado (ISO 8601, UTC).
             */
            criado_em: string;
            /** @description whsec_ + base64: a chave da assinatura webhook-signature (Standard Webhooks). */
            segredo: string;
        };
        /** @description Um evento para este webhook, com cada tentativa. */
        WebhookEntrega: {
            /**
             * Format: uuid
             * @description O id da entrega: o header webhook-id, o mesmo em toda tentativa e reenvio.
             */
            id: string;
            /**
             * @description O evento.
             * @enum {string}
             */
            evento: "consulta.finalizada" | "consulta.revisada" | "consulta.reconciliada" | "certidao.emitida" | "certidao.indisponivel" | "estorno.realizado" | "saldo.abaixo_do_limite";
            /**
             * @description A situação da entrega.
             * @enum {string}
             */
            situacao: "pendente" | "entregue" | "falhou";
            /**
             * Format: date-time
             * @description A próxima tentativa, enquanto pendente.
             */
            proxima_tentativa_em: string | null;
            /** @description As tentativas, na ordem. */
            tentativas: {
                /**
                 * Format: date-time
                 * @description Quando foi feita.
                 */
                em: string;
                /** @description O status HTTP da resposta; null sem resposta. */
                status_http: number | null;
                /** @description Duração em milissegundos. */
                latencia_ms: number;
                /** @description Por que não houve resposta (tempo esgotado, endereço recusado, ...). */
                erro: string | null;
                /** @description Os primeiros 2 KiB do corpo da resposta. */
                resposta: string | null;
            }[];
        };
        /** @description A entrega agendada para reenvio. */
        WebhookReenvio: {
            /**
             * Format: uuid
             * @description O id da entrega.
             */
            id: string;
            /**
             * @description Pendente até a próxima tentativa.
             * @constant
             */
            situacao: "pendente";
        };
        /** @description Uma MATRÍCULA em que o documento aparece; não é uma lista de imóveis do alvo. O papel do alvo (proprietário atual ou anterior, cônjuge, fiador, usufrutuário, credor, herdeiro) e a data do ato não são informados. Os campos do cartório encadeiam direto nos produtos de imóvel (matricula, cartorio_numero, cartorio_municipio, cartorio_uf). */
        ImovelEncontrado: {
            /** @description Número da matrícula; null quando a origem respondeu "matrícula não informada": o imóvel EXISTE e o documento aparece nele, não é ausência. */
            matricula: string | null;
            /** @description Nome do cartório. */
            cartorio_nome: string;
            /** @description Código nacional (CNS) do cartório. */
            cartorio_cns: string;
            /** @description Número do cartório (o imovel_cartorio dos produtos de imóvel). */
            cartorio_numero: number;
            /** @description Município do cartório. */
            cartorio_municipio: string;
            /** @description UF do cartório. */
            cartorio_uf: string;
            /** @description O cartório declarou coleta incompleta. */
            coleta_incompleta: boolean;
            /** @description O cartório não respondeu nesta execução. */
            sem_resposta: boolean;
        };
        /** @description Prova de alcance da pesquisa (contract 2.4). */
        Cobertura: {
            /** @description A origem ainda não fechou a pesquisa. */
            retries_pendentes: boolean;
            /** @description Menos cartórios lidos do que a origem declara existir; um nada consta com isto true não é conclusivo. */
            leitura_parcial: boolean;
            /** @description Linhas devolvidas pela origem: passa do número de cartórios sempre que há achado (um cartório com achados repete, uma linha por matrícula). Serve só para conferir paginação. */
            linhas_na_origem: number;
            /** @description Cartórios DISTINTOS que responderam. */
            cartorios_responderam: number;
            /** @description Duplicata de linhas_na_origem mantida por compatibilidade: NÃO é contagem de cartórios. */
            linhas_retornadas: number;
            /** @description Cartórios fora de serviço. */
            cartorios_fora_do_ar: number;
            /** @description Cartórios com coleta incompleta. */
            cartorios_coleta_incompleta: number;
            /** @description Novas tentativas já feitas pela origem. */
            retries_realizados: number;
        };
        /** @description Resultado de pesquisa-previa-bens (contract 2.4): INDÍCIO de propriedade, nunca confirmação. Alcance: matrículas desde 01/01/1976. */
        ResultadoPesquisaPreviaBens: {
            /**
             * @description Desfecho da pesquisa.
             * @enum {string|null}
             */
            resultado: "POSITIVO" | "NEGATIVO" | null;
            /** @description Quantidade de matrículas encontradas. */
            quantidade_imoveis: number | null;
            /** @description true só quando a pesquisa FECHOU sem achado; false sempre que cobertura.retries_pendentes é true (negativo provisório), mesmo sem achado. */
            nada_consta: boolean;
            /** @description true enquanto a origem ainda tenta cartórios que não responderam: o resultado pode mudar. */
            provisorio: boolean;
            /**
             * @description Sempre INDICIO; nenhuma entrada muda isso.
             * @constant
             */
            confianca: "INDICIO";
            /** @description Quem a ORIGEM diz ter pesquisado, na grafia dela; pode diferir do nome enviado. Compare programaticamente; não prova identidade. */
            pesquisado_nome: string | null;
            /** @description Documento efetivamente pesquisado, formatado. Compare também. */
            pesquisado_documento: string | null;
            /** @description Protocolo do pedido na origem: chave de conciliação, guarde-o. */
            protocolo_origem: string | null;
            /**
             * Format: date-time
             * @description Quando a origem executou a pesquisa (ISO 8601).
             */
            pesquisado_em: string | null;
            /** @description UF efetivamente pesquisada. */
            uf_pesquisada: string | null;
            /** @description Resumo em linguagem simples, para exibição. */
            resumo: string;
            /** @description Uma entrada por matrícula em que o documento aparece. */
            imoveis: components["schemas"]["ImovelEncontrado"][] | null;
            cobertura: components["schemas"]["Cobertura"] | null;
            /** @description Prova oficial arquivada: a tela impressa da origem com protocolo e data, tanto com achado quanto sem. */
            site_receipts: string[];
        };
        /** @description Resultado de visualizacao-matricula (contract 2.5, beta): o conteúdo da matrícula em PDF. É informação, não certidão: sem fé pública, sem validade declarada. */
        ResultadoVisualizacaoMatricula: {
            /**
             * @description SUCESSO quando o documento foi entregue: estado da consulta, não veredito sobre o imóvel.
             * @enum {string|null}
             */
            status_consulta: "SUCESSO" | null;
            /**
             * Format: uri-reference
             * @description A cópia arquivada pelo serviço: GET /v1/consultas/{protocolo}/documento (relativa ao endereço da API, ou absoluta). Autentica com o mesmo Bearer; não expira. null enquanto não arquivada.
             */
            documento_url: string | null;
            /** @description Frase para exibição, com o aviso de que a visualização não tem fé pública. */
            mensagem: string;
            /** @description URL do PDF na origem; expira em 7 dias; só para conferência e auditoria. */
            site_receipts: string[];
            /** @description Identificadores do pedido. */
            identificadores: {
                /** @description Protocolo do pedido no cartório: guarde-o; concilia uma taxa paga. */
                numero_pedido: string | null;
                /** @description Matrícula efetivamente servida: quando o cartório devolve um número, ele prevalece sobre o enviado. */
                matricula: string | null;
            };
            /** @description Dados da matrícula. */
            dados: {
                /** @description Texto da matrícula quando o cartório devolve uma camada de texto; null não significa que falta o documento. */
                conteudo: string | null;
                /** @description Nome completo do cartório. */
                cartorio: string | null;
                /** @description Município do cartório. */
                municipio: string | null;
                /** @description UF do cartório. */
                uf: string | null;
                /** @description Total cobrado, formatado em reais; o mesmo valor do price da aceitação. */
                total_pago: string | null;
            };
        };
        /** @description Resultado de certidao-inteiro-teor (contract 2.6, beta): PDF oficial assinado digitalmente pelo oficial, com fé pública. A data de validade está só na imagem do PDF: nenhum campo a traz. */
        ResultadoCertidaoInteiroTeor: {
            /**
             * @description EM_EMISSAO enquanto o cartório processa; SUCESSO quando o PDF chega; INDISPONIVEL quando o pedido foi aceito sem protocolo (o valor é devolvido integralmente).
             * @enum {string|null}
             */
            status_consulta: "EM_EMISSAO" | "SUCESSO" | "INDISPONIVEL" | null;
            /**
             * @description Emitida no documento entregue: estado do DOCUMENTO, não veredito; não há campo nada_consta.
             * @enum {string|null}
             */
            status: "Emitida" | null;
            /**
             * Format: date-time
             * @description Previsão de entrega (ISO 8601), já calculada em horas úteis do cartório (09:00 às 16:00, seg a sex).
             */
            previsao_entrega_em: string | null;
            /**
             * Format: uri-reference
             * @description A cópia arquivada pelo serviço: GET /v1/consultas/{protocolo}/documento (relativa ao endereço da API, ou absoluta). Autentica com o mesmo Bearer; não expira. null enquanto não arquivada.
             */
            documento_url: string | null;
            /** @description Código do validador de assinatura impresso na camada de texto do PDF: com ele um terceiro verifica a autenticidade. */
            certidao_codigo: string | null;
            /** @description Frase para exibição: com EM_EMISSAO, protocolo, prazo e previsão; com SUCESSO, a confirmação de fé pública. */
            mensagem: string;
            /** @description URL do PDF na origem; expira em 7 dias. */
            site_receipts: string[];
            /** @description Identificadores do pedido. */
            identificadores: {
                /** @description Protocolo do cartório. Sem ele a certidão não pode ser baixada e nenhuma listagem o recupera. */
                numero_pedido: string | null;
            };
        };
        /** @description O que foi debitado na aceitação e o que voltou (contract 2.1). */
        Cobranca: {
            /** @description Reais debitados na aceitação. */
            debitado: number;
            /** @description Reais devolvidos: o valor inteiro nas classes retry e fatal (contract 7.3). */
            estornado: number;
            /**
             * Format: date-time
             * @description Quando foi devolvido (ISO 8601).
             */
            estornado_em: string | null;
            /** @description Por que foi devolvido. */
            motivo: string | null;
            /** @description true no intervalo entre o resultado e o lançamento da devolução pelo faturamento. */
            estorno_pendente: boolean;
        };
        /** @description Pesquisa prévia concluída: fonte, o resultado (contract 2.4), aceite e cobranca. Com provisorio true o resultado ainda pode mudar: consultar_daqui_s diz quando olhar de novo e revisao conta as mudanças. */
        ConsultaPesquisaPreviaBens: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
            aceite: components["schemas"]["Aceite"];
            cobranca: components["schemas"]["Cobranca"];
            /** @description Quantas vezes este resultado concluído mudou: 0 no primeiro. Muda quando uma pesquisa provisória é revista (a origem fechou a busca) e quando a conciliação conclui uma visualização 605 (devolvida, ou reaberta e entregue). */
            revisao: number;
            /**
             * Format: date-time
             * @description Quando o resultado mudou pela última vez (ISO 8601); null se nunca mudou.
             */
            revisado_em: string | null;
            /** @description Só enquanto provisorio é true: segundos até a próxima revisão prevista (a origem ainda tenta cartórios). null: nenhuma revisão virá — a origem não fechou a busca no prazo e o resultado fica provisório (nada_consta false). */
            consultar_daqui_s?: number | null;
        } & (components["schemas"]["ResultadoPesquisaPreviaBens"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens";
        });
        /** @description Visualização de matrícula concluída: fonte, o resultado (contract 2.5), aceite e cobranca. */
        ConsultaVisualizacaoMatricula: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "visualizacao-matricula";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
            aceite: components["schemas"]["Aceite"];
            cobranca: components["schemas"]["Cobranca"];
            /** @description Quantas vezes este resultado concluído mudou: 0 no primeiro. Muda quando uma pesquisa provisória é revista (a origem fechou a busca) e quando a conciliação conclui uma visualização 605 (devolvida, ou reaberta e entregue). */
            revisao: number;
            /**
             * Format: date-time
             * @description Quando o resultado mudou pela última vez (ISO 8601); null se nunca mudou.
             */
            revisado_em: string | null;
        } & (components["schemas"]["ResultadoVisualizacaoMatricula"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "visualizacao-matricula";
        });
        /** @description Certidão concluída: fonte, o resultado (contract 2.6), aceite e cobranca. */
        ConsultaCertidaoInteiroTeor: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "certidao-inteiro-teor";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
            aceite: components["schemas"]["Aceite"];
            cobranca: components["schemas"]["Cobranca"];
            /** @description Quantas vezes este resultado concluído mudou: 0 no primeiro. Muda quando uma pesquisa provisória é revista (a origem fechou a busca) e quando a conciliação conclui uma visualização 605 (devolvida, ou reaberta e entregue). */
            revisao: number;
            /**
             * Format: date-time
             * @description Quando o resultado mudou pela última vez (ISO 8601); null se nunca mudou.
             */
            revisado_em: string | null;
        } & (components["schemas"]["ResultadoCertidaoInteiroTeor"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "certidao-inteiro-teor";
        });
        /** @description data[0] de uma consulta concluída: o resultado do produto (a forma depende de fonte; null no que a origem não informou), mais aceite e cobranca. */
        ConsultaConcluida: components["schemas"]["ConsultaPesquisaPreviaBens"] | components["schemas"]["ConsultaVisualizacaoMatricula"] | components["schemas"]["ConsultaCertidaoInteiroTeor"];
        /** @description Pesquisa prévia na fila ou em execução. */
        EmAndamentoPesquisaPreviaBens: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "pesquisa-previa-bens";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
        } & (components["schemas"]["QueueAck"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens";
        });
        /** @description Visualização de matrícula na fila ou em execução. */
        EmAndamentoVisualizacaoMatricula: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "visualizacao-matricula";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
        } & (components["schemas"]["QueueAck"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "visualizacao-matricula";
        });
        /** @description Certidão na fila, em execução ou em emissão. Em emissão (status_consulta EM_EMISSAO) traz também os campos do resultado até agora: consultar_daqui_s vai até a previsão, depois 900 s. */
        EmAndamentoCertidaoInteiroTeor: {
            /**
             * @description O produto do pedido: diz qual forma tem este item.
             * @constant
             */
            fonte: "certidao-inteiro-teor";
            /** @description A referência que você enviou no corpo da execução; null se nenhuma. */
            referencia?: string | null;
            /**
             * @description Presente quando a certidão foi protocolada.
             * @constant
             */
            status_consulta?: "EM_EMISSAO";
            /** @description Ainda não há documento. */
            status?: null;
            /**
             * Format: date-time
             * @description Previsão de entrega (ISO 8601), em horas úteis do cartório.
             */
            previsao_entrega_em?: string | null;
            /** @description Ainda não há documento. */
            documento_url?: null;
            /** @description Ainda não há documento. */
            certidao_codigo?: null;
            /** @description Protocolo, prazo e previsão. */
            mensagem?: string;
            /** @description Vazio em emissão. */
            site_receipts?: string[];
            /** @description Identificadores do pedido. */
            identificadores?: {
                /** @description Protocolo do cartório. */
                numero_pedido: string | null;
            };
        } & (components["schemas"]["QueueAck"] & {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            fonte: "certidao-inteiro-teor";
        });
        /** @description data[0] de uma consulta ainda em andamento: fonte e os campos da fila com um consultar_daqui_s novo; uma certidão em emissão também mostra os seus campos. */
        ConsultaEmAndamento: components["schemas"]["EmAndamentoPesquisaPreviaBens"] | components["schemas"]["EmAndamentoVisualizacaoMatricula"] | components["schemas"]["EmAndamentoCertidaoInteiroTeor"];
        /** @description O token verificado (contract 5.5). */
        Token: {
            /**
             * Format: uuid
             * @description A conta a que o token pertence.
             */
            conta: string;
            /**
             * Format: uuid
             * @description O id do token (seu jti): cite-o para revogá-lo.
             */
            token_id: string;
            /** @description Os escopos do token, consultas:{fonte}, na ordem dos produtos. */
            escopos: ("consultas:pesquisa-previa-bens" | "consultas:visualizacao-matricula" | "consultas:certidao-inteiro-teor")[];
            /**
             * Format: date-time
             * @description Quando o token deixa de valer (ISO 8601, UTC).
             */
            expira_em: string;
            /**
             * @description producao, ou teste: um token do sandbox, cujos pedidos rodam no simulador da origem com saldo de teste que se recarrega (decisão 0099, docs/sandbox.md).
             * @enum {string}
             */
            ambiente: "producao" | "teste";
        };
        /** @description Uma linha do extrato da conta do token, na ordem em que foi aplicada. */
        ExtratoLinha: {
            /**
             * Format: uuid
             * @description O lançamento no razão.
             */
            lancamento_id: string;
            /**
             * Format: date-time
             * @description Quando foi aplicado (ISO 8601, UTC).
             */
            data_hora: string;
            /** @description recarga, debito (uma execução), estorno (devolução) ou ajuste (ajuste manual). */
            tipo: string;
            /** @description Valor com sinal, em reais: negativo num débito. */
            valor: number;
            /** @description Saldo em reais logo depois desta linha. */
            saldo_apos: number;
            /** @description O protocolo do pedido, em debito e estorno. */
            protocolo: string | null;
            /** @description O produto do pedido, em debito e estorno. */
            fonte: string | null;
            /** @description A UF do pedido, em debito e estorno. */
            uf: string | null;
            /** @description O código de resultado que causou uma devolução (contract 7.3). */
            codigo_resultado: number | null;
            /** @description A classe desse código (contract 7.3). */
            classe_resultado: string | null;
            /** @description A referência de pagamento de uma recarga. */
            referencia: string | null;
            /** @description Por que uma devolução ou um ajuste foi feito. */
            motivo: string | null;
        };
        /** @description O saldo da conta do token agora (decisão 0091). */
        Saldo: {
            /** @description Saldo disponível em reais: os débitos dos pedidos aceitos já foram descontados. */
            saldo: number;
            /** @description O limite de saldo baixo definido no console, em reais; null: nenhum. */
            limite_saldo_baixo: number | null;
            /** @description O saldo está abaixo do limite de saldo baixo. */
            saldo_baixo: boolean;
            /** @description Quanto dos débitos está em pedidos ainda não liquidados, em reais: em andamento, ou concluídos com devolução devida e ainda não feita, ou visualização 605 aguardando a conciliação (decisão 0091). Já descontado do saldo; volta a ele se a liquidação devolver. */
            reservado: number;
            /** @description Quantos pedidos são esses. */
            pedidos_nao_liquidados: number;
        };
        /** @description Um produto agora (decisão 0092). */
        StatusProduto: {
            /**
             * @description O produto.
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
            /** @description Aceita pedidos agora; fora de serviço, orçamento e execução respondem 602 sem cobrança. */
            em_servico: boolean;
            /**
             * Format: date-time
             * @description Desde quando está fora de serviço; null em serviço.
             */
            fora_de_servico_desde: string | null;
            /** @description Os consultar_daqui_s que um pedido aceito agora receberia (fila e limite por hora da origem); null fora de serviço. */
            espera_prevista_s: number | null;
            /** @description Pedidos concluídos na última hora, sem os recusados pelos DADOS do cliente (erro_participante, contract 7.4). */
            ultima_hora: {
                /** @description Quantos. */
                pedidos: number;
                /** @description Fração com a origem respondendo (sucesso, nada encontrado, indeterminado); null sem pedidos. */
                taxa_sucesso: number | null;
                /** @description Mediana, em segundos, da aceitação à conclusão. */
                tempo_p50_s: number | null;
                /** @description Percentil 95, em segundos, da aceitação à conclusão. */
                tempo_p95_s: number | null;
            };
        };
        /** @description Um pedido da conta; o resultado completo é GET /v1/consultas/{protocolo}. */
        ConsultaResumo: {
            /** @description O protocolo (contract 2.2). */
            protocolo: string;
            /**
             * @description O produto.
             * @enum {string}
             */
            fonte: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
            /** @description A UF do pedido. */
            uf: string;
            /** @description A referência enviada no corpo da execução; null se nenhuma. */
            referencia: string | null;
            /**
             * @description processando (202 no polling) ou concluido (200).
             * @enum {string}
             */
            estado: "processando" | "concluido";
            /**
             * @description O código de resultado (contract 7.3); null em processamento.
             * @enum {integer|null}
             */
            codigo: 200 | 600 | 601 | 602 | 603 | 604 | 605 | 606 | 607 | 608 | 609 | 610 | 611 | 612 | 613 | 614 | 615 | 617 | 618 | 619 | 620 | 621 | 622 | null;
            /** @description O status_consulta do resultado (contract 2.4-2.6), quando há. */
            status_consulta: string | null;
            /** @description O preço debitado, em reais. */
            preco: number;
            /**
             * Format: date-time
             * @description Quando foi aceito (ISO 8601, UTC).
             */
            aceito_em: string;
            /**
             * Format: date-time
             * @description Quando foi concluído; null em processamento.
             */
            concluido_em: string | null;
            /** @description Quantas vezes o resultado concluído mudou (decisão 0051). */
            revisao: number;
        };
        /** @description Uma página de pedidos da conta, o aceito mais recente primeiro. */
        PaginaConsultas: {
            consultas: components["schemas"]["ConsultaResumo"][];
            /** @description Passe como cursor para a próxima página; null na última. Opaco: não o altere. */
            proximo_cursor: string | null;
        };
    };
    responses: {
        /** @description Token ausente, malformado, revogado ou expirado, ou enviado na query string (?access_token=, ?token= ou um JWT em qualquer parâmetro): recusado MESMO com um token válido no cabeçalho, pois a URL já o vazou para logs; trate esse token como comprometido. Não passa pelo limite de requisições. code_message: "Token ausente, malformado, revogado ou expirado. Envie Authorization: Bearer <token> (nunca na query string)." */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 401;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description O saldo pré-pago não cobre o preço cotado: nada é cobrado, nenhum pedido é criado, nenhuma Idempotency-Key é consumida; recarregue e reenvie com a MESMA chave (decisão 0024). code_message: "Saldo insuficiente na conta pré-paga. Nada foi cobrado." */
        PaymentRequired: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 402;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Token sem o escopo consultas:{fonte} do produto, no orçamento ou na execução desse produto; ou, em qualquer rota /v1, um token com lista de redes permitidas usado de um endereço fora dela (code_message: "O endereço de origem desta conexão não está na lista de redes permitidas deste token...", sem WWW-Authenticate nem RateLimit: vem antes do limite; decisão 0074). code_message: "O token não tem o escopo deste produto (consultas:{fonte})." */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 403;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Protocolo inexistente, de outra conta ou não numérico: a mesma resposta (contract 5.6). code_message: "Não encontrado." */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 404;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Uma Idempotency-Key duplicada cujo primeiro pedido ainda está sendo aceito depois de 10 s: reenvie com a MESMA chave depois de Retry-After (decisão 0026). code_message: "Outra requisição com a mesma Idempotency-Key ainda está em andamento. Repita em instantes com a MESMA chave." */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 409;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Corpo acima de 32 KiB. code_message: "Corpo da requisição grande demais." */
        ContentTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 413;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Nenhum byte do intervalo pedido existe no documento: Content-Range: bytes *\/<tamanho>. */
        RangeNotSatisfiable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                "Content-Range": components["headers"]["Content-Range"];
                "Accept-Ranges": components["headers"]["Accept-Ranges"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 416;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Corpo inválido (campo a campo em errors), JSON malformado (campo body), Idempotency-Key ausente ou inválida, ou uma chave já usada com outro pedido. Nunca cobrado. code_message: "Requisição inválida: veja os campos em errors. Nada foi cobrado." */
        UnprocessableContent: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 422;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                    errors: unknown[];
                };
            };
        };
        /** @description Requisições demais desta conta (todos os seus tokens juntos), ou credenciais recusadas demais deste endereço: espere Retry-After segundos e reenvie (na execução, com a MESMA Idempotency-Key). Na execução, também: a conta já tem o máximo de pedidos em aberto (aceitos e não concluídos) do seu plano; o code_message diz quantos tem e o máximo, e Retry-After (60 s) sugere quando tentar de novo; reenvie com a MESMA chave quando algum pedido terminar (decisão 0084). Não consome nada, não reivindica chave, não cria pedido, nada é cobrado. code_message: "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After." */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 429;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Falha inesperada do nosso lado; a mensagem nunca traz detalhes internos: cite o request_id. code_message: "Erro interno. Cite o request_id ao suporte." */
        InternalServerError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 500;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
        /** @description Uma dependência nossa está fora do ar (o banco de dados; o armazenamento do documento arquivado): nada foi cobrado por esta resposta. Reenvie depois de Retry-After segundos (na execução, com a MESMA Idempotency-Key: se a aceitação chegou a ser gravada, o reenvio devolve a mesma resposta; decisão 0058). code_message: "Serviço temporariamente indisponível. Tente novamente em instantes." */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["EnvelopeBase"] & {
                    /** @constant */
                    code: 503;
                    /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                    data: unknown[];
                };
            };
        };
    };
    parameters: {
        /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
        IdempotencyKey: string;
        /** @description O protocolo devolvido pela execução (contract 2.2). */
        Protocolo: string;
        /** @description O lote devolvido pela pesquisa nacional (data[0].lote do 202). */
        Lote: string;
        /** @description Primeiro dia, inclusive, no horário de Brasília. Padrão: 30 dias antes de ate. No máximo 366 dias. */
        De: string;
        /** @description Último dia, inclusive, no horário de Brasília. Padrão: hoje. */
        Ate: string;
        /** @description UM intervalo de bytes (bytes=a-b, bytes=a- ou bytes=-n): 206. Vários intervalos ou um valor malformado: o documento inteiro (200). */
        Range: string;
        /** @description O ETag que você tem: o intervalo só é servido se ainda for o atual; senão, o documento inteiro. */
        IfRange: string;
        /** @description ETags que você tem (ou *): 304 se o documento for um deles. */
        IfNoneMatch: string;
    };
    requestBodies: never;
    headers: {
        /** @description O header.request_id desta resposta: cite-o ao suporte. */
        "X-Request-Id": string;
        /** @description Segundos a esperar antes de reenviar (RFC 9110). */
        "Retry-After": number;
        /** @description Quanto resta da cota da conta do token, todos os tokens da conta juntos (draft-ietf-httpapi-ratelimit-headers-11, lista structured field): "default";r=<requisições possíveis agora>;t=<segundos até mais uma, ≥ 1>. Em toda resposta depois da verificação do token, recusas incluídas (decisão 0055). */
        RateLimit: string;
        /** @description A política de limite da conta: "default";q=<rajada>;w=<segundos para encher a cota vazia>. A cota é compartilhada por todos os tokens da conta e por todas as réplicas do gateway; r é a visão da réplica que respondeu: confie em Retry-After. */
        "RateLimit-Policy": string;
        /** @description Bearer realm="regapi", com error="invalid_token" (token malformado, expirado, revogado, desconhecido ou na query string) ou error="insufficient_scope" e scope="consultas:{fonte}" (403). */
        "WWW-Authenticate": string;
        /** @description true quando esta é a resposta guardada de um pedido anterior com a mesma Idempotency-Key: mesmo protocolo, mesmo request_id, nenhuma cobrança nova. */
        "Idempotent-Replayed": "true";
        /** @description O ambiente do token: producao, ou teste (sandbox: simulador da origem, saldo que se recarrega, nada chega ao registro nem move dinheiro real; decisão 0099). Em toda resposta depois da verificação do token. */
        "X-Regapi-Ambiente": "producao" | "teste";
        /** @description O SHA-256 do PDF, validador forte: os bytes nunca mudam sob um protocolo. */
        ETag: string;
        /** @description Quando o documento foi arquivado. */
        "Last-Modified": string;
        /** @description Tamanho do corpo em bytes. */
        "Content-Length": number;
        /** @description bytes <início>-<fim>/<tamanho> num 206; bytes *\/<tamanho> num 416. */
        "Content-Range": string;
        /** @description bytes: um intervalo de bytes por requisição. */
        "Accept-Ranges": "bytes";
        /** @description inline; filename="<protocolo>-<tipo>.pdf". */
        "Content-Disposition": string;
        /** @description no-store, como toda resposta da API: nenhum cache guarda uma cópia. O ETag continua valendo para If-None-Match (304) e If-Range. */
        "Cache-Control": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    verificarToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Token válido: data[0] traz a conta, o id do token, os escopos e a validade. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Token"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    extrato: {
        parameters: {
            query?: {
                /** @description Primeiro dia, inclusive, no horário de Brasília. Padrão: 30 dias antes de ate. No máximo 366 dias. */
                de?: components["parameters"]["De"];
                /** @description Último dia, inclusive, no horário de Brasília. Padrão: hoje. */
                ate?: components["parameters"]["Ate"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON (padrão): um item de data por linha. Com Accept: text/csv, RFC 4180 (vírgula, ponto decimal, CRLF, UTF-8) com linha de cabeçalho (data_hora primeiro), valores como texto com duas casas (-42.50), células vazias para null; texto que começa com =, +, - ou @ leva um ' na frente. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["ExtratoLinha"][];
                    };
                    "text/csv": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    extratoMensal: {
        parameters: {
            query?: {
                /** @description pdf ou csv; sem ele, o Accept decide (text/csv ou application/pdf) e o padrão é pdf. */
                formato?: "pdf" | "csv";
            };
            header?: never;
            path: {
                /** @description O mês, AAAA-MM, no horário de Brasília. */
                mes: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O documento do mês, como anexo (Content-Disposition: attachment; filename="extrato-AAAA-MM.pdf|csv"). O CSV tem as colunas do extrato: uma linha saldo_inicial, os lançamentos, uma linha total_produto por produto (fonte; sem-produto para recargas e ajustes) e uma linha saldo_final. ETag: o SHA-256 dos bytes. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    /** @description O SHA-256 do documento, entre aspas. */
                    ETag?: string;
                    /** @description attachment; filename="extrato-AAAA-MM.pdf" (ou .csv). */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                    "text/csv": string;
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    saldo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description data[0] traz o saldo, em reais. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Saldo"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Um item por produto, na ordem dos produtos. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["StatusProduto"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listarConsultas: {
        parameters: {
            query?: {
                /** @description Só pedidos deste produto. */
                fonte?: "pesquisa-previa-bens" | "visualizacao-matricula" | "certidao-inteiro-teor";
                /** @description processando ou concluido. */
                estado?: "processando" | "concluido";
                /** @description Só pedidos concluídos com este código de resultado (contract 7.3). */
                codigo?: 200 | 600 | 601 | 602 | 603 | 604 | 605 | 606 | 607 | 608 | 609 | 610 | 611 | 612 | 613 | 614 | 615 | 617 | 618 | 619 | 620 | 621 | 622;
                /** @description Só pedidos com esta referencia, exata (a do corpo da execução). */
                referencia?: string;
                /** @description Primeiro dia, inclusive, no horário de Brasília. Padrão: 30 dias antes de ate. No máximo 366 dias. */
                de?: components["parameters"]["De"];
                /** @description Último dia, inclusive, no horário de Brasília. Padrão: hoje. */
                ate?: components["parameters"]["Ate"];
                /** @description Pedidos por página. */
                limite?: number;
                /** @description O proximo_cursor da página anterior. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Uma página. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["PaginaConsultas"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarPesquisaPreviaBens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaPreviaBensBody"];
            };
        };
        responses: {
            /** @description O resultado com HTTP 200 (contract 7.2): code 200 cotado (data[0] um Orcamento) ou 602 não ofertado (data[0] Indisponivel). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["Orcamento"] | components["schemas"]["Indisponivel"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarPesquisaPreviaBens: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaPreviaBensBody"];
            };
        };
        responses: {
            /** @description Indisponível (code 602, HTTP 200): nada cobrado, origem não chamada (contract 7.6). Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Indisponivel"][];
                    };
                };
            };
            /** @description Aceito e debitado (contract 2.2): header.billable true, header.price o valor debitado (o preco.total do orçamento). O 200 que vier depois não soma de novo. Uma repetição com a mesma Idempotency-Key e o mesmo pedido devolve esta mesma resposta, com Idempotent-Replayed: true. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Aceite"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarVisualizacaoMatricula: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizacaoMatriculaBody"];
            };
        };
        responses: {
            /** @description O resultado com HTTP 200 (contract 7.2): code 200 cotado (data[0] um Orcamento) ou 602 não ofertado (data[0] Indisponivel). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["Orcamento"] | components["schemas"]["Indisponivel"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarVisualizacaoMatricula: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizacaoMatriculaBody"];
            };
        };
        responses: {
            /** @description Indisponível (code 602, HTTP 200): nada cobrado, origem não chamada (contract 7.6). Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Indisponivel"][];
                    };
                };
            };
            /** @description Aceito e debitado (contract 2.2): header.billable true, header.price o valor debitado (o preco.total do orçamento). O 200 que vier depois não soma de novo. Uma repetição com a mesma Idempotency-Key e o mesmo pedido devolve esta mesma resposta, com Idempotent-Replayed: true. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Aceite"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarCertidaoInteiroTeor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertidaoInteiroTeorBody"];
            };
        };
        responses: {
            /** @description O resultado com HTTP 200 (contract 7.2): code 200 cotado (data[0] um Orcamento) ou 602 não ofertado (data[0] Indisponivel). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["Orcamento"] | components["schemas"]["Indisponivel"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarCertidaoInteiroTeor: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertidaoInteiroTeorBody"];
            };
        };
        responses: {
            /** @description Indisponível (code 602, HTTP 200): nada cobrado, origem não chamada (contract 7.6). Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Indisponivel"][];
                    };
                };
            };
            /** @description Aceito e debitado (contract 2.2): header.billable true, header.price o valor debitado (o preco.total do orçamento). O 200 que vier depois não soma de novo. Uma repetição com a mesma Idempotency-Key e o mesmo pedido devolve esta mesma resposta, com Idempotent-Replayed: true. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Aceite"];
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    consultarResultado: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O protocolo devolvido pela execução (contract 2.2). */
                protocolo: components["parameters"]["Protocolo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Concluída: o resultado em code (200, 612, 605...; contract 7.3), com HTTP 200; num 6xx aja pelo code, não pelo status HTTP. data[0] é o resultado do produto mais aceite e cobranca. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        code: components["schemas"]["ResultCode"];
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["ConsultaConcluida"][];
                    };
                };
            };
            /** @description Ainda em andamento (processando; uma certidão EM_EMISSAO também): consulte de novo depois de data[0].consultar_daqui_s segundos. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["ConsultaEmAndamento"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    baixarDocumento: {
        parameters: {
            query?: never;
            header?: {
                /** @description UM intervalo de bytes (bytes=a-b, bytes=a- ou bytes=-n): 206. Vários intervalos ou um valor malformado: o documento inteiro (200). */
                Range?: components["parameters"]["Range"];
                /** @description O ETag que você tem: o intervalo só é servido se ainda for o atual; senão, o documento inteiro. */
                "If-Range"?: components["parameters"]["IfRange"];
                /** @description ETags que você tem (ou *): 304 se o documento for um deles. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description O protocolo devolvido pela execução (contract 2.2). */
                protocolo: components["parameters"]["Protocolo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O documento inteiro. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Length": components["headers"]["Content-Length"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            /** @description O intervalo de bytes pedido em Range. */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Length": components["headers"]["Content-Length"];
                    "Content-Range": components["headers"]["Content-Range"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": unknown;
                };
            };
            /** @description If-None-Match casou com o ETag atual: use a sua cópia. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Protocolo inexistente, de outra conta ou não numérico; ou uma consulta sua sem documento (ainda em andamento, falha, nada encontrado). Envelope JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 404;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: unknown[];
                    };
                };
            };
            416: components["responses"]["RangeNotSatisfiable"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    conferirDocumento: {
        parameters: {
            query?: never;
            header?: {
                /** @description UM intervalo de bytes (bytes=a-b, bytes=a- ou bytes=-n): 206. Vários intervalos ou um valor malformado: o documento inteiro (200). */
                Range?: components["parameters"]["Range"];
                /** @description O ETag que você tem: o intervalo só é servido se ainda for o atual; senão, o documento inteiro. */
                "If-Range"?: components["parameters"]["IfRange"];
                /** @description ETags que você tem (ou *): 304 se o documento for um deles. */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description O protocolo devolvido pela execução (contract 2.2). */
                protocolo: components["parameters"]["Protocolo"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O documento inteiro. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Length": components["headers"]["Content-Length"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description O intervalo de bytes pedido em Range. */
            206: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Content-Length": components["headers"]["Content-Length"];
                    "Content-Range": components["headers"]["Content-Range"];
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-None-Match casou com o ETag atual: use a sua cópia. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    ETag: components["headers"]["ETag"];
                    "Last-Modified": components["headers"]["Last-Modified"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Token ausente, malformado, revogado ou expirado, ou enviado na query string (?access_token=, ?token= ou um JWT em qualquer parâmetro): recusado MESMO com um token válido no cabeçalho, pois a URL já o vazou para logs; trate esse token como comprometido. Não passa pelo limite de requisições. code_message: "Token ausente, malformado, revogado ou expirado. Envie Authorization: Bearer <token> (nunca na query string)." Sem corpo (HEAD). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Token sem o escopo consultas:{fonte} do produto, no orçamento ou na execução desse produto; ou, em qualquer rota /v1, um token com lista de redes permitidas usado de um endereço fora dela (code_message: "O endereço de origem desta conexão não está na lista de redes permitidas deste token...", sem WWW-Authenticate nem RateLimit: vem antes do limite; decisão 0074). code_message: "O token não tem o escopo deste produto (consultas:{fonte})." Sem corpo (HEAD). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Protocolo inexistente, de outra conta ou não numérico; ou uma consulta sua sem documento (ainda em andamento, falha, nada encontrado). Envelope JSON. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Nenhum byte do intervalo pedido existe no documento: Content-Range: bytes *\/<tamanho>. Sem corpo (HEAD). */
            416: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Content-Range": components["headers"]["Content-Range"];
                    "Accept-Ranges": components["headers"]["Accept-Ranges"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Requisições demais desta conta (todos os seus tokens juntos), ou credenciais recusadas demais deste endereço: espere Retry-After segundos e reenvie (na execução, com a MESMA Idempotency-Key). Na execução, também: a conta já tem o máximo de pedidos em aberto (aceitos e não concluídos) do seu plano; o code_message diz quantos tem e o máximo, e Retry-After (60 s) sugere quando tentar de novo; reenvie com a MESMA chave quando algum pedido terminar (decisão 0084). Não consome nada, não reivindica chave, não cria pedido, nada é cobrado. code_message: "Limite de requisições excedido. Aguarde o tempo indicado em Retry-After." Sem corpo (HEAD). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Falha inesperada do nosso lado; a mensagem nunca traz detalhes internos: cite o request_id. code_message: "Erro interno. Cite o request_id ao suporte." Sem corpo (HEAD). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Uma dependência nossa está fora do ar (o banco de dados; o armazenamento do documento arquivado): nada foi cobrado por esta resposta. Reenvie depois de Retry-After segundos (na execução, com a MESMA Idempotency-Key: se a aceitação chegou a ser gravada, o reenvio devolve a mesma resposta; decisão 0058). code_message: "Serviço temporariamente indisponível. Tente novamente em instantes." Sem corpo (HEAD). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    orcarPesquisaNacional: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaNacionalBody"];
            };
        };
        responses: {
            /** @description code 200 cotado (data[0] um OrcamentoNacional) ou 602 nenhuma UF ofertada (data[0] IndisponivelNacional). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["OrcamentoNacional"] | components["schemas"]["IndisponivelNacional"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarPesquisaNacional: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaNacionalBody"];
            };
        };
        responses: {
            /** @description Nenhuma UF ofertada (code 602, HTTP 200): nada cobrado, origem não chamada. Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["IndisponivelNacional"][];
                    };
                };
            };
            /** @description Aceito e debitado: header.price a soma das UFs; data[0] o lote e seus pedidos. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["LoteAceito"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarLoteDeAlvos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaLoteBody"];
            };
        };
        responses: {
            /** @description code 200 cotado (data[0] um OrcamentoLote) ou 602 algum item não ofertado (data[0] IndisponivelLote). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["OrcamentoLote"] | components["schemas"]["IndisponivelLote"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarLoteDeAlvos: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PesquisaLoteBody"];
            };
        };
        responses: {
            /** @description Algum item não é ofertado (code 602, HTTP 200): o lote inteiro é recusado, nada cobrado, origem não chamada; data[0].itens_nao_ofertados diz quais. Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["IndisponivelLote"][];
                    };
                };
            };
            /** @description Aceito e debitado: header.price a soma dos itens; data[0] o lote e seus pedidos, na ordem dos itens. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["LoteAlvosAceito"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarLoteDeVisualizacoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizacaoLoteBody"];
            };
        };
        responses: {
            /** @description code 200 cotado (data[0] um OrcamentoLoteImoveis) ou 602 algum item não pode ser pedido (data[0] IndisponivelLoteImoveis). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["OrcamentoLoteImoveis"] | components["schemas"]["IndisponivelLoteImoveis"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarLoteDeVisualizacoes: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VisualizacaoLoteBody"];
            };
        };
        responses: {
            /** @description Algum item não pode ser pedido (code 602, HTTP 200): o lote inteiro é recusado, nada cobrado, origem não chamada; data[0].itens_nao_ofertados diz quais e por quê (cartório inexistente ou fora de serviço, tarifa desconhecida, produto fora de serviço, plano sem preço; na execução também a mesma matrícula e cartório pedida na plataforma nos últimos 7 dias (contract 3); e a mesma matrícula no mesmo cartório repetida no lote (mesmo_imovel_do_item)). Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["IndisponivelLoteImoveis"][];
                    };
                };
            };
            /** @description Aceito e debitado: header.price a soma dos itens; data[0] o lote e seus pedidos, na ordem dos itens. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["LoteImoveisAceito"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    orcarLoteDeCertidoes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertidaoLoteBody"];
            };
        };
        responses: {
            /** @description code 200 cotado (data[0] um OrcamentoLoteImoveis) ou 602 algum item não pode ser pedido (data[0] IndisponivelLoteImoveis). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @enum {unknown} */
                        code: 200 | 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: (components["schemas"]["OrcamentoLoteImoveis"] | components["schemas"]["IndisponivelLoteImoveis"])[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    executarLoteDeCertidoes: {
        parameters: {
            query?: never;
            header: {
                /** @description Obrigatório na execução (contract 4, regras de execução 1 a 3): um UUID novo por pedido NOVO, de qualquer versão, maiúsculas ou minúsculas; nunca um CPF/CNPJ nem o UUID nulo. Vale por 24 horas depois da aceitação: a mesma chave com o mesmo pedido responde a mesma resposta (Idempotent-Replayed: true), sem nova cobrança; com outro corpo ou outro produto, 422. Depois de um timeout do seu lado, reenvie sempre com a MESMA chave. */
                "Idempotency-Key": components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CertidaoLoteBody"];
            };
        };
        responses: {
            /** @description Algum item não pode ser pedido (code 602, HTTP 200): o lote inteiro é recusado, nada cobrado, origem não chamada; data[0].itens_nao_ofertados diz quais e por quê (cartório inexistente ou fora de serviço, tarifa desconhecida, produto fora de serviço, plano sem preço; na execução também a mesma matrícula e cartório pedida na plataforma nos últimos 7 dias (contract 3); e a mesma matrícula no mesmo cartório repetida no lote (mesmo_imovel_do_item)). Aja pelo code, não pelo status HTTP. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 602;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["IndisponivelLoteImoveis"][];
                    };
                };
            };
            /** @description Aceito e debitado: header.price a soma dos itens; data[0] o lote e seus pedidos, na ordem dos itens. A mesma Idempotency-Key com o mesmo corpo devolve esta mesma resposta, com Idempotent-Replayed: true, sem nova cobrança. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["LoteImoveisAceito"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentRequired"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["ContentTooLarge"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    consultarLote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O lote devolvido pela pesquisa nacional (data[0].lote do 202). */
                lote: components["parameters"]["Lote"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Concluído: nenhuma UF pendente. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Lote"][];
                    };
                };
            };
            /** @description Em andamento: consulte de novo depois de data[0].consultar_daqui_s segundos. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Lote"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listarWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Os webhooks, do mais antigo. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registrarWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https://, sem credenciais; até 2048 caracteres. */
                    url: string;
                    /** @description Os eventos assinados (decisão 0093). */
                    eventos: ("consulta.finalizada" | "consulta.revisada" | "consulta.reconciliada" | "certidao.emitida" | "certidao.indisponivel" | "estorno.realizado" | "saldo.abaixo_do_limite")[];
                };
            };
        };
        responses: {
            /** @description Registrado: data[0] traz o segredo. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 201;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["WebhookRegistrado"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    lerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O id do webhook. O de outra conta, ou um id malformado: 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description O webhook. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    removerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O id do webhook. O de outra conta, ou um id malformado: 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removido. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: unknown[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    alterarWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O id do webhook. O de outra conta, ou um id malformado: 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description https://, sem credenciais; até 2048 caracteres. */
                    url?: string;
                    /** @description Os eventos assinados (decisão 0093). */
                    eventos?: ("consulta.finalizada" | "consulta.revisada" | "consulta.reconciliada" | "certidao.emitida" | "certidao.indisponivel" | "estorno.realizado" | "saldo.abaixo_do_limite")[];
                    /** @description Liga ou desliga o webhook. */
                    ativo?: boolean;
                };
            };
        };
        responses: {
            /** @description O webhook alterado. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["Webhook"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["UnprocessableContent"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listarEntregas: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O id do webhook. O de outra conta, ou um id malformado: 404. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description As entregas, da mais recente. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 200;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["WebhookEntrega"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    reenviarEntrega: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description O id do webhook. O de outra conta, ou um id malformado: 404. */
                id: string;
                /** @description O id da entrega (GET .../entregas). */
                entrega: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Agendada para a próxima tentativa. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Regapi-Ambiente": components["headers"]["X-Regapi-Ambiente"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnvelopeBase"] & {
                        /** @constant */
                        code: 202;
                        /** @description SEMPRE uma lista, mesmo com um item. Nenhuma chave de um item repete um nome do envelope (code, header, errors). */
                        data: components["schemas"]["WebhookReenvio"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
