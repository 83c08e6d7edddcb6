package dev.linker.spark;

import java.io.Serializable;

/** A row of the embed job's output: {@code url, contentHash, embedder, vector} (a bean, for Spark's encoder). */
public final class VectorRow implements Serializable {
    private String url;
    private String contentHash;
    private String embedder;
    private float[] vector;

    public VectorRow() {
    }

    VectorRow(String url, String contentHash, String embedder, float[] vector) {
        this.url = url;
        this.contentHash = contentHash;
        this.embedder = embedder;
        this.vector = vector;
    }

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getContentHash() {
        return contentHash;
    }

    public void setContentHash(String contentHash) {
        this.contentHash = contentHash;
    }

    public String getEmbedder() {
        return embedder;
    }

    public void setEmbedder(String embedder) {
        this.embedder = embedder;
    }

    public float[] getVector() {
        return vector;
    }

    public void setVector(float[] vector) {
        this.vector = vector;
    }
}
