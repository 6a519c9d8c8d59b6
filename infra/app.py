#!/usr/bin/env python3
"""CDK entry point. Run from infra/ with the project's virtualenv active (it has aws-cdk-lib):

npx cdk synth                 # bundles the layer with pip (needs PyPI)
npx cdk synth -c bundle=false # offline: the layer without dependencies, not for deploying
npx cdk deploy -c stage=prod
"""

import aws_cdk as cdk
from engram_infra import build

app = cdk.App()
build(app)
app.synth()
