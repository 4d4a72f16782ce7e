import sys

def main(argv=None):
    print("companion: not yet")
    return 0
